import { useSignals } from '@preact/signals-react/runtime';
import { buildPath } from '../../domain/routes.ts';
import { t } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import { shop } from '../../store/shop.ts';
import { Link } from '../../kit/router.tsx';
import { legalPages, navPages } from './layout.ts';
import css from './shell.css?inline';

registerStyles('shell', css);

/** Where the footer's contact link goes (the contact-us form). */
export const CONTACT_PATH = '/contact';

/**
 * The storefront's footer: the shop's privacy policy and terms of use (when it has them) and its other
 * content pages, each by the page's name; a contact link; the shop's name with the current year.
 * Renders nothing until a shop is loaded.
 */
export function Footer() {
  useSignals();
  const website = shop.value;
  if (!website) return null;
  const pages = [...legalPages(website.pages), ...navPages(website.pages)];
  return (
    <footer className="shop-footer" part="footer">
      <div className="shop-footer__inner">
        <nav className="shop-footer__nav" aria-label={t('app.footer')}>
          {pages.length > 0 && (
            <section className="shop-footer__group">
              <h2 className="shop-footer__heading">{t('app.footer_information')}</h2>
              <ul className="shop-footer__list">
                {pages.map((page) => (
                  <li key={page.id}>
                    <Link to={buildPath('page', { slug: page.slug })} className="shop-footer__link">
                      {page.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="shop-footer__group">
            <h2 className="shop-footer__heading">{t('app.footer_contact')}</h2>
            <ul className="shop-footer__list">
              <li>
                <Link to={CONTACT_PATH} className="shop-footer__link">
                  {t('contact.title')}
                </Link>
              </li>
            </ul>
          </section>
        </nav>
        <p className="shop-footer__copyright">{t('app.copyright', { year: new Date().getFullYear(), shop: website.name })}</p>
      </div>
    </footer>
  );
}
