import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge, readableTextColor } from './Badge.tsx';

/** WCAG relative luminance of a #rrggbb colour, computed independently of the component. */
function lum(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((at) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio between two #rrggbb colours, to check the chosen text colour really passes. */
function contrast(first: string, second: string): number {
  const [hi, lo] = [lum(first), lum(second)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('Badge', () => {
  it('should render its tone for styling, neutral by default', () => {
    const { rerender } = render(<Badge>New</Badge>);
    expect(screen.getByText('New')).toHaveAttribute('data-tone', 'neutral');
    rerender(<Badge tone="success">New</Badge>);
    expect(screen.getByText('New')).toHaveAttribute('data-tone', 'success');
  });

  it('should put white text on a dark custom colour (#1d4ed8)', () => {
    render(<Badge color="#1d4ed8">Marketing</Badge>);
    const badge = screen.getByText('Marketing');
    expect(badge).toHaveAttribute('data-tone', 'custom');
    expect(badge).toHaveStyle({ backgroundColor: '#1d4ed8', color: '#ffffff' });
  });

  it('should put black text on a light custom colour (#fde68a)', () => {
    render(<Badge color="#fde68a">Events</Badge>);
    expect(screen.getByText('Events')).toHaveStyle({ backgroundColor: '#fde68a', color: '#000000' });
  });

  it('should accept rgb() colours in both CSS syntaxes and short hex', () => {
    expect(readableTextColor('rgb(29, 78, 216)')).toBe('#ffffff');
    expect(readableTextColor('rgb(253 230 138)')).toBe('#000000');
    expect(readableTextColor('rgba(37, 99, 235, 1)')).toBe('#ffffff');
    expect(readableTextColor('rgb(100% 100% 100% / 50%)')).toBe('#000000');
    expect(readableTextColor('#000')).toBe('#ffffff');
    expect(readableTextColor('#FFF')).toBe('#000000');
    expect(readableTextColor(' #2563eb ')).toBe('#ffffff');
  });

  it('should judge a translucent colour as painted over white', () => {
    expect(readableTextColor('#1d4ed8')).toBe('#ffffff');
    expect(readableTextColor('#1d4ed820')).toBe('#000000');
    expect(readableTextColor('rgba(29, 78, 216, 0.1)')).toBe('#000000');
  });

  it('should always pick the text colour with the higher contrast', () => {
    for (const color of ['#2563eb', '#ec4899', '#15803d', '#f59e0b', '#777777', '#767676', '#0ea5e9', '#7c3aed']) {
      const text = readableTextColor(color);
      const other = text === '#ffffff' ? '#000000' : '#ffffff';
      expect(contrast(color, text ?? '')).toBeGreaterThanOrEqual(contrast(color, other));
      expect(contrast(color, text ?? '')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('should fall back to neutral for values that are not hex or rgb colours', () => {
    for (const color of ['red', '#12345', '#ggg', 'rgb(1, 2)', 'rgb(1 2 3 4)', 'url(https://evil.example/x.png)', 'hsl(0 100% 50%)', '', 'rgb(1, 2, 3); background: red']) {
      const { unmount } = render(
        <Badge color={color} tone="danger">
          Budget
        </Badge>,
      );
      const badge = screen.getByText('Budget');
      expect({ color, tone: badge.dataset.tone, background: badge.style.backgroundColor, text: readableTextColor(color) }).toEqual({ color, tone: 'neutral', background: '', text: null });
      unmount();
    }
  });

  it('should give screen readers a hidden prefix for context', () => {
    render(<Badge hiddenPrefix="Status:">In Progress</Badge>);
    const prefix = screen.getByText('Status:');
    expect(prefix).toHaveClass('shop-visually-hidden');
    expect(prefix.parentElement).toHaveTextContent('Status: In Progress');
  });

  it('should keep the caller style and attributes', () => {
    render(
      <Badge color="#1d4ed8" style={{ marginLeft: '4px' }} title="Budget colour">
        Sales
      </Badge>,
    );
    const badge = screen.getByText('Sales');
    expect(badge).toHaveStyle({ marginLeft: '4px' });
    expect(badge).toHaveAttribute('title', 'Budget colour');
  });
});
