import { useSignals } from '@preact/signals-react/runtime';
import { memo, type FormEvent } from 'react';
import { SORT_OPTIONS } from '../../contract/contract.ts';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { isPlainLeftClick } from '../../kit/plain-click.ts';
import { hrefFor } from '../../kit/router.tsx';
import { useScripted } from '../../kit/scripted.ts';
import {
  CATALOGUE_PARAM,
  CATALOGUE_SEARCH_MAX_LENGTH,
  catalogueAppliedQuery,
  catalogueParams,
  cataloguePath,
  catalogueSearch,
  catalogueSort,
  DEFAULT_SORT,
  isSortOption,
  setCatalogueQuery,
  setCatalogueSearch,
  setCatalogueSort,
  submitCatalogueSearch,
  type CatalogueQuery,
} from '../../store/catalogue.ts';
import { registerStyles } from '../../theme/styles.ts';
import { Button } from '../../widgets/button/Button.tsx';
import { Dropdown } from '../../widgets/dropdown/Dropdown.tsx';
import { Field } from '../../widgets/field/Field.tsx';
import { TextField } from '../../widgets/text-field/TextField.tsx';
import css from './catalogue-toolbar.css?inline';
import { WithoutScripts } from '../../kit/scripts-pending.tsx';

/**
 * The catalogue's toolbar (search field and order) and its "Clear search", each usable before scripts
 * run when the catalogue is routed: GET forms and links on the catalogue's real address.
 *
 * @module
 */

// Only the script-free markup's rules: loaded with the catalogue screen, not on the first route,
// which shares `catalogue.css` with the homepage's product cards.
registerStyles('catalogue-toolbar', css);

/** Enter in the search field sends the search now (if it is not already loading or shown). */
function submitSearch(event: FormEvent<HTMLFormElement>): void {
  event.preventDefault();
  void submitCatalogueSearch();
}

/** Empties the search and shows the whole catalogue from page 1. */
function clearSearch(): void {
  void setCatalogueQuery({ search: '', page: 1 }, 'push');
}

/**
 * Hidden inputs with a query's parameters, so a GET form that sets one parameter of the catalogue's URL
 * keeps the others (the browser drops the query string of a GET form's `action`).
 */
function KeptParams({ params }: { params: URLSearchParams }) {
  return [...params].map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** The routed catalogue's address, which its GET forms are submitted to before scripts run. */
const catalogueAction = () => hrefFor(buildPath('products'));

/**
 * The search field: its own component, so a keystroke re-renders the field and nothing else; memoised,
 * so the catalogue re-rendering for "loading" on each keystroke does not render it twice. Routed, it is
 * a GET form on the catalogue's address, keeping the order, so Enter searches before scripts run too.
 */
export const CatalogueSearch = memo(function CatalogueSearch({ routed }: { routed: boolean }) {
  useSignals();
  const scripted = useScripted();
  // Read only in the script-free markup: with scripts the submission is taken over, and the field need
  // not re-render with every load.
  const kept = routed && !scripted ? catalogueAppliedQuery.value : null;
  return (
    <form className="shop-catalogue__search" method="get" action={routed ? catalogueAction() : undefined} noValidate onSubmit={submitSearch}>
      {/* A GET form: it searches before scripts run, so its field is never held for them. */}
      <WithoutScripts>
        <TextField
          label={t('catalogue.search')}
          type="search"
          name={CATALOGUE_PARAM.search}
          value={catalogueSearch.value}
          maxLength={CATALOGUE_SEARCH_MAX_LENGTH}
          placeholder={t('catalogue.search_placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          onValueChange={setCatalogueSearch}
        />
      </WithoutScripts>
      {kept && <KeptParams params={catalogueParams({ search: '', sort: kept.sort, page: 1 })} />}
    </form>
  );
});

/**
 * The sort dropdown with the six orders of spec §2 (memoised like the search field).
 *
 * The dropdown is a scripted combobox, dead in markup rendered before scripts run; there, the routed
 * catalogue renders a native `select` named as the URL's `sort` in a GET form on the catalogue's
 * address, with the search kept in a hidden input and a submit button (a form rather than six links:
 * the same labelled field in the same place as the dropdown, so the swap for the dropdown once scripts
 * run ({@link useScripted}) hardly moves the toolbar). Sorting starts again from page 1, as it does
 * with scripts.
 */
export const CatalogueSort = memo(function CatalogueSort({ routed }: { routed: boolean }) {
  useSignals();
  const scripted = useScripted();
  const options = SORT_OPTIONS.map((code) => ({ value: code, label: t(`catalogue.sort.${code}`) }));
  if (routed && !scripted) {
    const query = catalogueAppliedQuery.value;
    return (
      <form className="shop-catalogue__sort" method="get" action={catalogueAction()} data-scriptless="">
        <Field label={t('catalogue.sort_label')}>
          {(control) => (
            <select {...control} className="shop-control" name={CATALOGUE_PARAM.sort} defaultValue={query?.sort ?? catalogueSort.value}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <KeptParams params={catalogueParams({ search: query?.search ?? '', sort: DEFAULT_SORT, page: 1 })} />
        <WithoutScripts>
          <Button type="submit" variant="secondary">
            {t('catalogue.sort_apply')}
          </Button>
        </WithoutScripts>
      </form>
    );
  }
  return (
    <div className="shop-catalogue__sort">
      <Dropdown
        label={t('catalogue.sort_label')}
        options={options}
        value={catalogueSort.value}
        onValueChange={(value) => {
          if (isSortOption(value)) void setCatalogueSort(value);
        }}
      />
    </div>
  );
});

/**
 * "Clear search" after a search found nothing: the catalogue without the search, from page 1, the
 * order kept. Routed, a link to that address (it works before scripts run; not the router's `Link`,
 * which would mark it the current page of /products), whose plain click clears in place as the button
 * does; as an element on its own page, which keeps its query to itself, a button.
 */
export function ClearSearch({ routed, query }: { routed: boolean; query: CatalogueQuery }) {
  const label = t('catalogue.clear_search');
  if (!routed) {
    return (
      <Button variant="secondary" onClick={clearSearch}>
        {label}
      </Button>
    );
  }
  return (
    <a
      href={hrefFor(cataloguePath({ ...query, search: '', page: 1 }))}
      className="shop-button"
      data-variant="secondary"
      part="button"
      onClick={(event) => {
        // A modified click (a new tab) is the browser's.
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        clearSearch();
      }}
    >
      {label}
    </a>
  );
}
