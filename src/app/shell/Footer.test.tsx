import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../store/locale.ts';
import { savedShop } from '../../store/shop.ts';
import { Footer } from './Footer.tsx';
import { legalPages, navPages } from './layout.ts';
import { page, websiteFixture } from '../../contract/test-fixtures.ts';
import { resetPageSingletons } from '../../page-singleton.ts';

beforeEach(() => {
  resetPageSingletons();
  setLocale('en');
  savedShop.value = websiteFixture();
});

afterEach(() => {
  vi.useRealTimers();
});

const footerLinks = () =>
  within(screen.getByRole('navigation', { name: 'Footer' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('Footer', () => {
  it('should link the legal pages by their names, then the other content pages and Contact us', () => {
    render(<Footer />);
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(footerLinks()).toEqual([
      ['Privacy at Acme', '/privacy-policy'],
      ['Acme terms', '/terms-of-use'],
      ['About us', '/about-us'],
      ['FAQ', '/faq'],
      ['Contact us', '/contact'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
  });

  it('should leave out a legal page the shop does not have', () => {
    savedShop.value = websiteFixture({ pages: [page({ id: 3, slug: 'terms-of-use', name: 'Terms', is_deletable: 0 })] });
    render(<Footer />);
    expect(footerLinks()).toEqual([
      ['Terms', '/terms-of-use'],
      ['Contact us', '/contact'],
    ]);
  });

  it('should show only the contact link when the shop has no content pages', () => {
    savedShop.value = websiteFixture({ pages: [] });
    render(<Footer />);
    expect(footerLinks()).toEqual([['Contact us', '/contact']]);
    expect(screen.queryByRole('heading', { name: 'Information' })).not.toBeInTheDocument();
  });

  it('should show the shop name and the current year, in Polish too', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    const { rerender } = render(<Footer />);
    expect(screen.getByText('© 2031 Acme Merch. All rights reserved.')).toBeInTheDocument();
    setLocale('pl');
    rerender(<Footer />);
    expect(screen.getByText('© 2031 Acme Merch. Wszelkie prawa zastrzeżone.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Stopka' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skontaktuj się z nami' })).toHaveAttribute('href', '/contact');
  });

  it('should render nothing before a shop is loaded', () => {
    savedShop.value = null;
    const { container } = render(<Footer />);
    expect(container).toBeEmptyDOMElement();
  });

  it('should sort pages into header and footer groups', () => {
    const pages = websiteFixture().pages;
    expect(navPages(pages).map((item) => item.slug)).toEqual(['about-us', 'faq']);
    expect(legalPages([...pages].reverse()).map((item) => item.slug)).toEqual(['privacy-policy', 'terms-of-use']);
  });
});
