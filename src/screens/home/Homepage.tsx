import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, type ReactNode } from 'react';
import type { PageBlock } from '../../contract/contract.ts';
import { SafeHtml } from '../../kit/content/SafeHtml.tsx';
import { ErrorBoundary } from '../../kit/ErrorBoundary.tsx';
import { retryableLazy } from '../../kit/lazy-retry.ts';
import { Link } from '../../kit/router.tsx';
import { t } from '../../i18n/index.ts';
import { shop } from '../../store/shop.ts';
import { storageBase } from '../../store/storage-base.ts';
import { registerStyles } from '../../theme/styles.ts';
import { storageUrl } from '../../theme/theme.ts';
import { ShopPending } from '../ScreenFrame.tsx';
import css from './home.css?inline';
import { ProductRow } from './ProductRow.tsx';

registerStyles('home', css);

// Element blocks load the element's code only on a page that places one.
const Catalogue = retryableLazy(() => import('../catalogue/Catalogue.tsx'), (module) => module.Catalogue);
const Product = retryableLazy(() => import('../product/Product.tsx'), (module) => module.Product);
const CartButton = retryableLazy(() => import('../cart-button/CartButton.tsx'), (module) => module.CartButton);

/** An element placed on the page, in its own section while its code loads; one that fails fails alone. */
function ElementBlock({ kind, children }: { kind: string; children: ReactNode }) {
  return (
    <section className={`shop-home-element shop-home-element--${kind}`}>
      <ErrorBoundary screen="home">
        <Suspense fallback={<div className="shop-home-element__loading" aria-busy="true" />}>{children}</Suspense>
      </ErrorBoundary>
    </section>
  );
}

/** A link of shop content: a storefront path through the router, an http(s) URL as is, anything else none. */
export function BlockLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  useSignals();
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(href)) {
    return (
      <a href={href} className={className} rel="noopener">
        {children}
      </a>
    );
  }
  return <span className={className}>{children}</span>;
}

/**
 * The homepage (spec §2 `/`): the blocks of the shop's page of type `homepage`, in order —
 * hero (picture, title, text, link), rich text (sanitised), product carousel (chosen ids, or a search),
 * image grid (pictures, optionally linked), call to action, and the shop's own elements placed on the page
 * (catalogue, product, cart button; their code loads only where one is placed). The first hero's title is the page's
 * `<h1>`; without one the shop's name is (for screen readers). A shop without a homepage shows its
 * name and a link to the products.
 */
export function Homepage(_props: { routeId?: string; params?: Readonly<Record<string, string>> }) {
  useSignals();
  const website = shop.value;
  if (!website) return <ShopPending />;
  const blocks = website.pages.find((page) => page.type === 'homepage')?.content.blocks ?? [];
  const heroFirst = blocks[0]?.type === 'hero';
  return (
    <div className="shop-home">
      {!heroFirst && (
        <h1 className={blocks.length > 0 ? 'shop-visually-hidden' : 'shop-home__title'} tabIndex={-1} data-screen-heading="">
          {website.name}
        </h1>
      )}
      {blocks.map((block, index) => (
        // Blocks have no ids; their order is their identity within the page.
        <HomeBlock key={`${block.type}-${index}`} block={block} main={heroFirst && index === 0} />
      ))}
      {blocks.length === 0 && (
        <p>
          <Link to="/products" className="shop-home__link">
            {t('nav.products')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** A picture of shop content: a storage path made a URL (absolute URLs pass through). */
function imageUrl(path: string): string | undefined {
  return storageUrl(path, storageBase.value) ?? undefined;
}

/** One block; `main` makes a hero's title the page's `<h1>`. */
function HomeBlock({ block, main }: { block: PageBlock; main: boolean }) {
  useSignals();
  switch (block.type) {
    case 'hero': {
      const Heading = main ? 'h1' : 'h2';
      return (
        <section className="shop-home-hero">
          <img className="shop-home-hero__image" src={imageUrl(block.image)} alt="" width={1200} height={400} fetchPriority="high" />
          <div className="shop-home-hero__body">
            <Heading className="shop-home-hero__title" tabIndex={main ? -1 : undefined} data-screen-heading={main ? '' : undefined}>
              {block.title}
            </Heading>
            {block.text && <p className="shop-home-hero__text">{block.text}</p>}
            {block.link && (
              <BlockLink href={block.link.href} className="shop-home__button">
                {block.link.label}
              </BlockLink>
            )}
          </div>
        </section>
      );
    }
    case 'rich_text':
      return <SafeHtml className="shop-home-text" html={block.html} />;
    case 'product_carousel':
      return <ProductRow title={block.title} productIds={block.product_ids} search={block.search} limit={block.limit} />;
    case 'image_grid':
      return (
        <section className="shop-home-grid" aria-label={block.title}>
          {block.title && <h2 className="shop-home__subtitle">{block.title}</h2>}
          <ul className="shop-home-grid__list">
            {block.images.map((entry) => (
              <li key={`${entry.src}|${entry.href ?? ''}`} className="shop-home-grid__item">
                {/* The caption names the picture (and the link): the image itself is decorative. */}
                {entry.href ? (
                  <BlockLink href={entry.href} className="shop-home-grid__link">
                    <img src={imageUrl(entry.src)} alt="" width={300} height={300} loading="lazy" decoding="async" />
                    <span className="shop-home-grid__caption">{entry.alt}</span>
                  </BlockLink>
                ) : (
                  <figure className="shop-home-grid__figure">
                    <img src={imageUrl(entry.src)} alt="" width={300} height={300} loading="lazy" decoding="async" />
                    <figcaption className="shop-home-grid__caption">{entry.alt}</figcaption>
                  </figure>
                )}
              </li>
            ))}
          </ul>
        </section>
      );
    case 'catalogue':
      return (
        <ElementBlock kind="catalogue">
          <Catalogue search={block.search} perPage={block.per_page} />
        </ElementBlock>
      );
    case 'product':
      return (
        <ElementBlock kind="product">
          <Product productId={block.product_id} />
        </ElementBlock>
      );
    case 'cart_button':
      return (
        <ElementBlock kind="cart-button">
          <CartButton />
        </ElementBlock>
      );
    case 'cta':
      return (
        <section className="shop-home-cta">
          <h2 className="shop-home__subtitle">{block.title}</h2>
          {block.text && <p>{block.text}</p>}
          <BlockLink href={block.link.href} className="shop-home__button">
            {block.link.label}
          </BlockLink>
        </section>
      );
  }
}
