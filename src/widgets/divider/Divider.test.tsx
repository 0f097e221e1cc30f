import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Divider } from './Divider.tsx';

describe('Divider', () => {
  it('should be a horizontal separator by default', () => {
    render(<Divider />);
    const separator = screen.getByRole('separator');
    expect(separator).toHaveAttribute('aria-orientation', 'horizontal');
    expect(separator).toHaveAttribute('data-orientation', 'horizontal');
    expect(separator).not.toHaveAttribute('aria-labelledby');
  });

  it('should expose a vertical orientation', () => {
    render(<Divider orientation="vertical" />);
    const separator = screen.getByRole('separator');
    expect(separator).toHaveAttribute('aria-orientation', 'vertical');
    expect(separator).toHaveAttribute('data-orientation', 'vertical');
  });

  it('should show a label in the middle and use it as the accessible name', () => {
    render(<Divider label="or" />);
    const separator = screen.getByRole('separator', { name: 'or' });
    expect(separator).toHaveTextContent('or');
    expect(separator).toHaveAttribute('data-labelled');
  });

  it('should keep the separator role even if the caller passes other attributes', () => {
    render(<Divider aria-label="Payment options" className="wide" />);
    const separator = screen.getByRole('separator', { name: 'Payment options' });
    expect(separator).toHaveClass('shop-divider', 'wide');
  });
});
