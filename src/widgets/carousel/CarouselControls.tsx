import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../i18n/index.ts';

/** What the carousel's control row needs to draw itself and move the carousel. */
export interface CarouselControlsProps {
  count: number;
  current: number;
  /** The id of the slide track the buttons control. */
  trackId: string;
  /** Whether the pause/play button is shown (the carousel may rotate at all). */
  autoPlay: boolean;
  playing: boolean;
  onPlayingChange: (playing: boolean) => void;
  goTo: (index: number) => void;
}

/** The carousel's pause/play, previous/next buttons and one "go to slide" dot per slide (part `controls`). */
export function CarouselControls({ count, current, trackId, autoPlay, playing, onPlayingChange, goTo }: CarouselControlsProps) {
  useSignals();
  const playLabel = playing ? t('widgets.pause') : t('widgets.play');
  return (
    <div className="shop-carousel__controls" part="controls">
      {autoPlay && (
        <button type="button" className="shop-carousel__control shop-carousel__rotation" part="button" aria-label={playLabel} onClick={() => onPlayingChange(!playing)}>
          {playing ? (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
            </svg>
          ) : (
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M8 5v14l11-7z" />
            </svg>
          )}
        </button>
      )}
      <button type="button" className="shop-carousel__control" part="button" aria-label={t('widgets.previous_slide')} aria-controls={trackId} onClick={() => goTo(current - 1)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <div className="shop-carousel__dots" part="dots">
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            className="shop-carousel__dot"
            part="dot"
            aria-label={t('widgets.go_to_slide', { index: i + 1 })}
            aria-controls={trackId}
            aria-current={i === current ? 'true' : undefined}
            onClick={() => goTo(i)}
          />
        ))}
      </div>
      <button type="button" className="shop-carousel__control" part="button" aria-label={t('widgets.next_slide')} aria-controls={trackId} onClick={() => goTo(current + 1)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="M9 5l7 7-7 7" />
        </svg>
      </button>
    </div>
  );
}
