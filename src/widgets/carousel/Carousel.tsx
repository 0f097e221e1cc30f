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
  type ReactNode,
} from 'react';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { useControllableState } from '../shared/use-controllable-state.ts';
import { CarouselControls } from './CarouselControls.tsx';
import { useSwipe } from './use-swipe.ts';
import css from './carousel.css?inline';

registerStyles('carousel', css);

/** Time a slide stays before automatic rotation shows the next one (spec §9). */
export const CAROUSEL_INTERVAL_MS = 3000;
/** Duration of the slide transition (spec §9); reaches the CSS through `--_carousel-duration`. */
export const CAROUSEL_TRANSITION_MS = 500;
export { CAROUSEL_SWIPE_THRESHOLD } from './use-swipe.ts';

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

  const rootRef = useRef<HTMLElement>(null);
  const pointerFocusRef = useRef(false);
  const baseId = useId();
  const trackId = `${baseId}-slides`;

  const goTo = useCallback((next: number) => {
    if (count === 0) return;
    setIndex(((next % count) + count) % count);
  }, [count, setIndex]);
  const swipe = useSwipe(count > 1, rootRef, pointerFocusRef, (direction) => goTo(current + direction));
  const { drag } = swipe;
  const rotating = playing && !hovered && !focused && drag === null && count > 1;

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


  const trackStyle = {
    '--_carousel-duration': `${CAROUSEL_TRANSITION_MS}ms`,
    transform: drag ? `translateX(calc(${-current * 100}% + ${drag.dx}px))` : `translateX(${-current * 100}%)`,
  } as CSSProperties;

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
        onPointerDown={swipe.onPointerDown}
        onPointerMove={swipe.onPointerMove}
        onPointerUp={swipe.onPointerUp}
        onPointerCancel={swipe.onPointerCancel}
        onPointerLeave={swipe.onPointerLeave}
        onClickCapture={swipe.onClickCapture}
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
        <CarouselControls count={count} current={current} trackId={trackId} autoPlay={autoPlay} playing={playing} onPlayingChange={setUserPlaying} goTo={goTo} />
      )}
    </section>
  );
}
