import { useSignals } from '@preact/signals-react/runtime';
import {
  Children,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { CLICK_MOVE_TOLERANCE_PX } from '../shared/use-dismiss.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import css from './carousel.css?inline';

registerStyles('carousel', css);

/** Time a slide stays before automatic rotation shows the next one (spec §9). */
export const CAROUSEL_INTERVAL_MS = 3000;
/** Duration of the slide transition (spec §9); reaches the CSS through `--_carousel-duration`. */
export const CAROUSEL_TRANSITION_MS = 500;
/** A horizontal swipe longer than this share of the carousel's width changes slide (spec §9). */
export const CAROUSEL_SWIPE_THRESHOLD = 0.3;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export interface CarouselProps {
  /** The slides, one child each (images, product cards, banners). */
  children: ReactNode;
  /** Accessible name of the carousel region; defaults to `widgets.carousel` ("Carousel"). */
  label?: string;
  /** The shown slide (controlled), 0-based. */
  index?: number;
  /** The first slide shown when uncontrolled (default 0). */
  defaultIndex?: number;
  /** Called with the new slide index on every change (buttons, dots, arrows, swipe, rotation). */
  onIndexChange?: (index: number) => void;
  /**
   * Rotate automatically every `CAROUSEL_INTERVAL_MS` (default true). Users who prefer reduced motion
   * start paused and may still start rotation with the play button.
   */
  autoPlay?: boolean;
  className?: string;
}

/** Whether the user asked the system for reduced motion; follows changes of the setting. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia(REDUCED_MOTION_QUERY);
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return reduced;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

interface Drag {
  pointerId: number;
  startX: number;
  dx: number;
  width: number;
}

/**
 * A slide show (WAI-ARIA APG "Carousel", basic controls) for banners and product images.
 *
 * - Rotates every `CAROUSEL_INTERVAL_MS` with a `CAROUSEL_TRANSITION_MS` transform transition (spec §9);
 *   rotation pauses while the pointer is over the carousel, while keyboard focus is inside it and while
 *   a swipe is in progress, and stops for good with the pause button until play is pressed. Users with
 *   `prefers-reduced-motion: reduce` start paused.
 * - The slide container is `aria-live="off"` while rotating and `polite` otherwise, so manual changes
 *   are announced but automatic ones do not talk over the page.
 * - Previous/next buttons, one "go to slide" dot per slide, Left/Right arrows while focus is in the
 *   carousel (the region itself is focusable), all wrapping around at the ends.
 * - A horizontal swipe (pointer events) longer than `CAROUSEL_SWIPE_THRESHOLD` of the width changes
 *   slide in its direction; shorter ones snap back. A click ending a swipe is swallowed.
 *
 * Parts: `base` (region), `controls`, `button` (every control), `viewport`, `slide`, `dots`, `dot`.
 */
export function Carousel({ children, label, index, defaultIndex = 0, onIndexChange, autoPlay = true, className }: CarouselProps) {
  useSignals();
  // `Children.toArray` already drops null, undefined and booleans; empty strings are not slides either.
  const slides = Children.toArray(children).filter((child) => child !== '');
  const count = slides.length;
  const [rawIndex, setIndex] = useControllableState(index, defaultIndex, onIndexChange);
  const current = count > 0 ? ((Math.trunc(rawIndex) % count) + count) % count : 0;

  const reducedMotion = usePrefersReducedMotion();
  /** The user's explicit choice with the pause/play button; until then rotation follows the default. */
  const [userPlaying, setUserPlaying] = useState<boolean | null>(null);
  const playing = autoPlay && (userPlaying ?? !reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [drag, setDrag] = useState<Drag | null>(null);
  const rotating = playing && !hovered && !focused && drag === null && count > 1;

  const rootRef = useRef<HTMLElement>(null);
  const pointerFocusRef = useRef(false);
  const suppressClickRef = useRef(false);
  const baseId = useId();
  const trackId = `${baseId}-slides`;

  const goTo = useCallback((next: number) => {
    if (count === 0) return;
    setIndex(((next % count) + count) % count);
  }, [count, setIndex]);

  // Restarted on every slide change, so a manual change also gets a full interval.
  const currentRef = useRef(current);
  currentRef.current = current;
  const goToRef = useRef(goTo);
  goToRef.current = goTo;
  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setInterval(() => goToRef.current(currentRef.current + 1), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, current]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isEditable(event.target)) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      goTo(current + 1);
    }
  };

  // Only keyboard focus pauses: a button focused by a click must not keep rotation stopped once the
  // pointer has left.
  const onFocus = () => {
    if (pointerFocusRef.current) {
      pointerFocusRef.current = false;
      return;
    }
    setFocused(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && rootRef.current?.contains(next)) return;
    setFocused(false);
  };
  const onPointerDownCapture = () => {
    pointerFocusRef.current = true;
  };
  const onPointerUpCapture = () => {
    pointerFocusRef.current = false;
  };

  const onViewportPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || !event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    const width = rootRef.current?.getBoundingClientRect().width ?? 0;
    if (width <= 0) return;
    suppressClickRef.current = false;
    setDrag({ pointerId: event.pointerId, startX: event.clientX, dx: 0, width });
  };
  const onViewportPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag === null || event.pointerId !== drag.pointerId) return;
    const dx = event.clientX - drag.startX;
    // Captured only once it is clearly a swipe, so a plain click still reaches a link in the slide.
    if (Math.abs(dx) > CLICK_MOVE_TOLERANCE_PX && event.currentTarget.hasPointerCapture?.(event.pointerId) === false) {
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // The pointer is already gone (released between events): pointerup/cancel ends the drag.
      }
    }
    setDrag({ ...drag, dx });
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    pointerFocusRef.current = false;
    if (drag === null || event.pointerId !== drag.pointerId) return;
    const dx = cancelled ? 0 : event.clientX - drag.startX;
    setDrag(null);
    if (Math.abs(dx) > CLICK_MOVE_TOLERANCE_PX) suppressClickRef.current = true;
    if (Math.abs(dx) > drag.width * CAROUSEL_SWIPE_THRESHOLD) goTo(dx < 0 ? current + 1 : current - 1);
  };
  const onViewportClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (!suppressClickRef.current) return;
    suppressClickRef.current = false;
    event.preventDefault();
    event.stopPropagation();
  };

  const trackStyle = {
    '--_carousel-duration': `${CAROUSEL_TRANSITION_MS}ms`,
    transform: drag ? `translateX(calc(${-current * 100}% + ${drag.dx}px))` : `translateX(${-current * 100}%)`,
  } as CSSProperties;
  const playLabel = playing ? t('widgets.pause') : t('widgets.play');

  return (
    <section
      ref={rootRef}
      className={className ? `shop-carousel ${className}` : 'shop-carousel'}
      part="base"
      aria-roledescription="carousel"
      aria-label={label ?? t('widgets.carousel')}
      tabIndex={0}
      data-rotating={rotating || undefined}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      onBlur={onBlur}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onPointerDownCapture={onPointerDownCapture}
      onPointerUpCapture={onPointerUpCapture}
    >
      <div
        className="shop-carousel__viewport"
        part="viewport"
        data-dragging={drag ? '' : undefined}
        onPointerDown={onViewportPointerDown}
        onPointerMove={onViewportPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
        onPointerLeave={(event) => endDrag(event, true)}
        onClickCapture={onViewportClickCapture}
        onDragStart={(event) => event.preventDefault()}
      >
        <div id={trackId} className="shop-carousel__track" aria-live={rotating ? 'off' : 'polite'} style={trackStyle}>
          {slides.map((slide, i) => {
            const active = i === current;
            return (
              <div
                key={isValidElement(slide) && slide.key !== null ? slide.key : i}
                className="shop-carousel__slide"
                part="slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('widgets.slide', { index: i + 1, count })}
                aria-hidden={active ? undefined : true}
                inert={!active}
                data-state={active ? 'active' : 'inactive'}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="shop-carousel__controls" part="controls">
          {autoPlay && (
            <button type="button" className="shop-carousel__control shop-carousel__rotation" part="button" aria-label={playLabel} onClick={() => setUserPlaying(!playing)}>
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
            {slides.map((_, i) => (
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
      )}
    </section>
  );
}
