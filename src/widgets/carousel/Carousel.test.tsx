import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_SWIPE_THRESHOLD, CAROUSEL_TRANSITION_MS, Carousel, type CarouselProps } from './Carousel.tsx';
import css from './carousel.css?inline';

/** The visible slide: inactive slides are aria-hidden, so only the current one is found by role. */
function currentSlide(): string | null {
  return screen.getByRole('group', { name: /^Slide \d+ of \d+$/ }).getAttribute('aria-label');
}

function renderCarousel(props: Partial<CarouselProps> = {}) {
  return render(
    <>
      <Carousel {...props}>
        <p>Spring sale</p>
        <p>New arrivals</p>
        <p>Free delivery</p>
      </Carousel>
      <button type="button">Outside</button>
    </>,
  );
}

function advance(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function mockReducedMotion(reduce: boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/**
 * user-event (through Testing Library's async wrapper) needs timers that also run with real time;
 * tests using it only assert with margins far above the few milliseconds this can add.
 */
function setupUser() {
  vi.useRealTimers();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

function swipe(fromX: number, toX: number): void {
  const slide = screen.getByRole('group', { name: /^Slide \d+ of \d+$/ });
  fireEvent.pointerDown(slide, { pointerId: 1, isPrimary: true, button: 0, pointerType: 'touch', clientX: fromX });
  fireEvent.pointerMove(slide, { pointerId: 1, isPrimary: true, pointerType: 'touch', clientX: (fromX + toX) / 2 });
  fireEvent.pointerMove(slide, { pointerId: 1, isPrimary: true, pointerType: 'touch', clientX: toX });
  fireEvent.pointerUp(slide, { pointerId: 1, isPrimary: true, pointerType: 'touch', clientX: toX });
}

function renderWithWidth(width: number) {
  const view = renderCarousel({ autoPlay: false });
  const region = screen.getByRole('region', { name: 'Carousel' });
  vi.spyOn(region, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: width, bottom: 200, width, height: 200, toJSON: () => ({}) } as DOMRect);
  return view;
}

describe('Carousel', () => {
  beforeEach(() => {
    // Plain fake timers for exact edges (2999 vs 3000 ms): real time must not move the clock there.
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('should use the spec timings', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    expect(CAROUSEL_TRANSITION_MS).toBe(500);
    expect(CAROUSEL_SWIPE_THRESHOLD).toBe(0.3);
  });

  it('should label the region and each slide ("Slide 1 of 3")', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Carousel' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['Slide 1 of 3', 'Slide 2 of 3', 'Slide 3 of 3']);
    for (const slide of slides) expect(slide).toHaveAttribute('aria-roledescription', 'slide');
    expect(currentSlide()).toBe('Slide 1 of 3');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    expect(slides[1]).toHaveAttribute('inert');
  });

  it('should take its region label from a prop', () => {
    renderCarousel({ label: 'Promotions' });
    expect(screen.getByRole('region', { name: 'Promotions' })).toHaveAttribute('aria-roledescription', 'carousel');
  });

  it('should show the next slide after exactly 3000 ms, not at 2999 ms', () => {
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(currentSlide()).toBe('Slide 1 of 3');
    advance(1);
    expect(currentSlide()).toBe('Slide 2 of 3');
    advance(CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toBe('Slide 3 of 3');
    advance(CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toBe('Slide 1 of 3');
  });

  it('should animate with a 500 ms transform transition set from the constant', () => {
    renderCarousel();
    const track = screen.getByRole('group', { name: 'Slide 1 of 3' }).parentElement as HTMLElement;
    expect(track.style.getPropertyValue('--_carousel-duration')).toBe('500ms');
    expect(css).toMatch(/\.shop-carousel__track\s*{[^}]*transition:\s*transform var\(--_carousel-duration\)/);
    expect(track.style.transform).toBe('translateX(0%)');
    advance(CAROUSEL_INTERVAL_MS);
    expect(track.style.transform).toBe('translateX(-100%)');
  });

  it('should pause while hovered and resume after the pointer leaves', async () => {
    const user = setupUser();
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Carousel' });
    await user.hover(region);
    advance(CAROUSEL_INTERVAL_MS * 2);
    expect(currentSlide()).toBe('Slide 1 of 3');
    await user.unhover(region);
    advance(CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toBe('Slide 2 of 3');
  });

  it('should pause while keyboard focus is inside and resume when it leaves', async () => {
    const user = setupUser();
    renderCarousel();
    await user.tab();
    expect(screen.getByRole('region', { name: 'Carousel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pause' })).toHaveFocus();
    advance(CAROUSEL_INTERVAL_MS * 2);
    expect(currentSlide()).toBe('Slide 1 of 3');
    act(() => screen.getByRole('button', { name: 'Outside' }).focus());
    advance(CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toBe('Slide 2 of 3');
  });

  it('should announce politely only when not rotating', async () => {
    const user = setupUser();
    renderCarousel();
    const track = screen.getByRole('group', { name: 'Slide 1 of 3' }).parentElement as HTMLElement;
    expect(track).toHaveAttribute('aria-live', 'off');
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(track).toHaveAttribute('aria-live', 'polite');
  });

  it('should stop with the pause button until play is pressed, changing its label', async () => {
    const user = setupUser();
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Carousel' });
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.unhover(region);
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(currentSlide()).toBe('Slide 1 of 3');
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await user.unhover(region);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    advance(CAROUSEL_INTERVAL_MS);
    expect(currentSlide()).toBe('Slide 2 of 3');
  });

  it('should not rotate automatically when the user prefers reduced motion', () => {
    mockReducedMotion(true);
    renderCarousel();
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(currentSlide()).toBe('Slide 1 of 3');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('should not rotate nor offer a pause button when autoPlay is off', () => {
    renderCarousel({ autoPlay: false });
    advance(CAROUSEL_INTERVAL_MS * 3);
    expect(currentSlide()).toBe('Slide 1 of 3');
    expect(screen.queryByRole('button', { name: /Pause|Play/ })).not.toBeInTheDocument();
  });

  it('should move with previous/next buttons and wrap around at both ends', async () => {
    const user = setupUser();
    renderCarousel({ autoPlay: false });
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(currentSlide()).toBe('Slide 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe('Slide 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe('Slide 2 of 3');
  });

  it('should go to a slide with its dot and mark the current dot', async () => {
    const user = setupUser();
    renderCarousel({ autoPlay: false });
    await user.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(currentSlide()).toBe('Slide 3 of 3');
    expect(screen.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).not.toHaveAttribute('aria-current');
  });

  it('should change slide with Left/Right arrows when focused, wrapping around', async () => {
    const user = setupUser();
    renderCarousel({ autoPlay: false });
    await user.tab();
    expect(screen.getByRole('region', { name: 'Carousel' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(currentSlide()).toBe('Slide 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(currentSlide()).toBe('Slide 1 of 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(currentSlide()).toBe('Slide 3 of 3');
  });

  it('should restart the interval after a manual change', () => {
    renderCarousel();
    advance(2000);
    // A bare click event: no hover or focus that would pause rotation on its own.
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(currentSlide()).toBe('Slide 2 of 3');
    advance(CAROUSEL_INTERVAL_MS - 1);
    expect(currentSlide()).toBe('Slide 2 of 3');
    advance(1);
    expect(currentSlide()).toBe('Slide 3 of 3');
  });

  describe('swipe', () => {
    it('should go to the next slide on a leftward swipe of 31 % of the width', () => {
      renderWithWidth(1000);
      swipe(600, 290);
      expect(currentSlide()).toBe('Slide 2 of 3');
    });

    it('should go to the previous slide (wrapping) on a rightward swipe of 31 %', () => {
      renderWithWidth(1000);
      swipe(100, 410);
      expect(currentSlide()).toBe('Slide 3 of 3');
    });

    it('should measure the threshold against the carousel width, not a fixed distance', () => {
      const first = renderWithWidth(500);
      swipe(400, 245);
      expect(currentSlide()).toBe('Slide 2 of 3');
      first.unmount();
      renderWithWidth(1000);
      swipe(400, 245);
      expect(currentSlide()).toBe('Slide 1 of 3');
    });

    it('should snap back on a swipe of 29 %', () => {
      renderWithWidth(1000);
      const track = screen.getByRole('group', { name: 'Slide 1 of 3' }).parentElement as HTMLElement;
      swipe(600, 310);
      expect(currentSlide()).toBe('Slide 1 of 3');
      swipe(100, 390);
      expect(currentSlide()).toBe('Slide 1 of 3');
      expect(track.style.transform).toBe('translateX(0%)');
    });

    it('should follow the finger during a swipe', () => {
      renderWithWidth(1000);
      const slide = screen.getByRole('group', { name: 'Slide 1 of 3' });
      const track = slide.parentElement as HTMLElement;
      fireEvent.pointerDown(slide, { pointerId: 1, isPrimary: true, pointerType: 'touch', clientX: 500 });
      fireEvent.pointerMove(slide, { pointerId: 1, isPrimary: true, pointerType: 'touch', clientX: 420 });
      expect(track.style.transform).toBe('translateX(calc(0% + -80px))');
    });

    it('should swallow the click that ends a swipe', () => {
      const onClick = vi.fn();
      render(
        <Carousel autoPlay={false}>
          <button type="button" onClick={onClick}>
            Shop now
          </button>
          <p>Second</p>
        </Carousel>,
      );
      const region = screen.getByRole('region', { name: 'Carousel' });
      vi.spyOn(region, 'getBoundingClientRect').mockReturnValue({ width: 1000 } as DOMRect);
      const target = screen.getByRole('button', { name: 'Shop now' });
      fireEvent.pointerDown(target, { pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0, clientX: 500 });
      fireEvent.pointerMove(target, { pointerId: 1, isPrimary: true, pointerType: 'mouse', clientX: 450 });
      fireEvent.pointerUp(target, { pointerId: 1, isPrimary: true, pointerType: 'mouse', clientX: 450 });
      fireEvent.click(target);
      expect(onClick).not.toHaveBeenCalled();
      fireEvent.click(target);
      expect(onClick).toHaveBeenCalledTimes(1);
    });
  });

  it('should follow a controlled index and report changes', async () => {
    const user = setupUser();
    const onIndexChange = vi.fn();
    renderCarousel({ index: 1, onIndexChange, autoPlay: false });
    expect(currentSlide()).toBe('Slide 2 of 3');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(onIndexChange).toHaveBeenCalledWith(2);
    expect(currentSlide()).toBe('Slide 2 of 3');
  });

  it('should start at defaultIndex', () => {
    renderCarousel({ defaultIndex: 2, autoPlay: false });
    expect(currentSlide()).toBe('Slide 3 of 3');
  });
});
