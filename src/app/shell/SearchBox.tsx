import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { useElement } from '../../kit/element-context.tsx';
import { useTypedBeforeScripts } from '../../kit/scripts-pending.tsx';
import { currentPath, currentQuery, hrefFor, navigate } from '../../kit/router.tsx';
import css from './shell.css?inline';

registerStyles('shell', css);

/** The longest search the catalogue accepts (`ProductQuerySchema.search`). */
export const SEARCH_MAX_LENGTH = 100;

/** The catalogue path for a search term: `/products?search=<encoded>`, or `/products` for none. */
export function searchPath(term: string): string {
  const trimmed = term.trim();
  const products = buildPath('products');
  return trimmed ? `${products}?search=${encodeURIComponent(trimmed)}` : products;
}

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** Called after a search was submitted (the mobile menu closes itself with it). */
  onSearch?: () => void;
}

/**
 * The header's product search: a `search` landmark with a labelled search field and a submit button.
 * Submitting goes to the catalogue with `?search=`; on the catalogue the field shows the current term.
 * It is a real GET form on the catalogue's address (under the base path), its field named as the
 * catalogue's URL names the search, so before any script runs (a server-rendered first screen) the
 * browser's own submission opens the same results; with scripts the submission is taken over and
 * navigates without a page load. (The header does not import the catalogue's URL module, which would
 * put the catalogue's store on the first route; a test keeps the two spellings reading alike.)
 */
export function SearchBox({ onSearch }: SearchBoxProps) {
  useSignals();
  const { host } = useElement();
  const inputId = useId();
  const path = currentPath.value;
  const onCatalogue = path === '/products' || path.startsWith('/products?');
  const shown = onCatalogue ? (currentQuery().get('search') ?? '') : '';
  const [term, setTerm] = useState(shown);
  // The address's term replaces the field's when it changes (a search elsewhere, Back); not when the
  // field mounts, which for a hydrated field would overwrite text typed before the scripts ran.
  const termShown = useRef(shown);
  useEffect(() => {
    if (termShown.current === shown) return;
    termShown.current = shown;
    setTerm(shown);
  }, [shown]);
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeScripts(field, term, setTerm);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(searchPath(term), { from: host });
    onSearch?.();
  };

  return (
    <form
      role="search"
      className="shop-search"
      aria-label={t('app.search_products')}
      method="get"
      action={hrefFor(buildPath('products'))}
      noValidate
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="shop-visually-hidden">
        {t('app.search_products')}
      </label>
      <input
        ref={field}
        id={inputId}
        className="shop-search__input"
        type="search"
        name="search"
        value={term}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t('app.search_products')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setTerm(event.target.value)}
      />
      <button type="submit" className="shop-search__button" aria-label={t('app.search')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
          <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
