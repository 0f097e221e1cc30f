import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from '../../store/locale.ts';
import { PAGINATION_SIBLINGS, Pagination, pageItems } from './Pagination.tsx';

beforeEach(() => {
  locale.value = 'en';
});

describe('pageItems', () => {
  it('should list every page when they fit, and nothing for no pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('should keep the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageItems(105, 209)).toEqual([1, 'gap', 104, 105, 106, 'gap', 209]);
  });

  it('should always offer the current, first and last pages in order, in at most seven entries, and never hide a single page behind a gap', () => {
    const slots = 2 * PAGINATION_SIBLINGS + 5;
    for (let pages = 1; pages <= 40; pages += 1) {
      for (let current = 1; current <= pages; current += 1) {
        const items = pageItems(current, pages);
        const numbers = items.filter((item): item is number => item !== 'gap');
        expect(items.length).toBeLessThanOrEqual(slots);
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        items.forEach((item, index) => {
          if (item !== 'gap') return;
          const before = items[index - 1] as number;
          const after = items[index + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });
});

describe('Pagination', () => {
  it('should render nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} onPageChange={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('should be a labelled nav with buttons, the current page marked, and previous unavailable on the first page', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pages={12} onPageChange={onPageChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveAttribute('part', 'pagination');
    expect(nav).toHaveTextContent('Page 1 of 12');
    const current = within(nav).getByRole('button', { name: 'Page 1' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(within(nav).getByLabelText('Previous page')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(current);
    expect(onPageChange).not.toHaveBeenCalled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 12' }));
    expect(onPageChange).toHaveBeenLastCalledWith(12);
  });

  it('should be links with real addresses when given hrefFor, leaving modified clicks to the browser', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={12} pages={12} onPageChange={onPageChange} hrefFor={(page) => `/products?page=${page}`} />);
    const previous = screen.getByRole('link', { name: 'Previous page' });
    expect(previous).toHaveAttribute('href', '/products?page=11');
    expect(screen.getByRole('link', { name: 'Page 12' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Next page')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(previous);
    expect(onPageChange).toHaveBeenCalledWith(11);
    onPageChange.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'Page 1' }), { ctrlKey: true });
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('should speak Polish', () => {
    locale.value = 'pl';
    render(<Pagination page={2} pages={3} onPageChange={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Strony wyników' });
    expect(within(nav).getByRole('button', { name: 'Następna strona' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Strona 2' })).toHaveAttribute('aria-current', 'page');
    expect(nav).toHaveTextContent('Strona 2 z 3');
  });
});
