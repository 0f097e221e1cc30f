/**
 * The demo shops' pages and popups: each shop's homepage blocks (built from its catalogue, so they
 * name real product ids), the privacy policy, terms and "about us" in the shop's language, the pseudo
 * pages every shop has, and the popups shown on some of them.
 *
 * @module
 */
import { PSEUDO_PAGE_SLUGS, type PageBlock } from '../../src/contract/contract.ts';
import type { Queryable } from '../../server/db/index.ts';
import { CODE_PREFIX, slugify, type DemoShop, type InsertedProduct, type ProductDef } from './catalogue.ts';
import { insertRows } from '../../server/db/insert-rows.ts';
import { PSEUDO_PAGE_NAMES } from '../../server/provisioning/pseudo-pages.ts';
import { must, type Catalogues, type IdOf } from './context.ts';
import { productImagePath } from './images.ts';
import { heroPath, SHOPS } from './shops.ts';

const PRIVACY_EN = (shop: string) =>
  `<h2>Privacy policy</h2>
<p>This store is run for ${shop} employees. The controller of your personal data is ${shop}, which processes it only to create your account, fulfil your orders and keep the records required by law.</p>
<p>We process your name, e-mail address, phone number, job title, cost centre and delivery addresses. They are shared only with the couriers and the printing house that complete your order, and are kept for as long as your account exists and then for the period required by tax law.</p>
<p>You may ask for access to your data, its correction, deletion or restriction, and you may object to its processing. Write to privacy@${shop.toLowerCase().split(' ')[0]}.test; you may also complain to the data protection authority.</p>
<p>The store uses only the cookies it needs to work: your session and your cart. No advertising or tracking cookies are set.</p>`;

const TERMS_EN = (shop: string) =>
  `<h2>Terms of use</h2>
<p>These terms apply to ordering branded merchandise in the ${shop} store. Ordering is open to employees with an active account; prices are shown in the store's currency and, where points are used, are deducted from the budget chosen at checkout.</p>
<p>An order is placed when you confirm the summary. It is then reviewed and its status changes from New to In Progress and finally to Complete when it has been delivered or is ready for pickup.</p>
<p>Personalised products, such as business cards or engraved items, are made to order and cannot be returned unless they are faulty. Any other item may be returned unused within 14 days of delivery.</p>
<p>Complaints about damaged or incorrect items can be made within 30 days of delivery through the contact form; we answer within five business days.</p>`;

const PRIVACY_PL = `<h2>Polityka prywatności</h2>
<p>Sklep jest prowadzony dla pracowników Initech. Administratorem danych osobowych jest Initech Polska Sp. z o.o., która przetwarza je wyłącznie w celu założenia konta, realizacji zamówień i prowadzenia dokumentacji wymaganej przepisami prawa.</p>
<p>Przetwarzamy imię i nazwisko, adres e-mail, numer telefonu, stanowisko, miejsce powstawania kosztów (MPK) oraz adresy dostawy. Dane przekazujemy jedynie firmom kurierskim i drukarni realizującym zamówienie i przechowujemy je przez czas istnienia konta, a następnie przez okres wymagany przepisami podatkowymi.</p>
<p>Masz prawo dostępu do swoich danych, ich sprostowania, usunięcia lub ograniczenia przetwarzania oraz prawo sprzeciwu. Napisz na adres prywatnosc@initech.test; możesz także złożyć skargę do Prezesa UODO.</p>
<p>Sklep używa wyłącznie niezbędnych plików cookie: sesji i koszyka. Nie stosujemy plików cookie reklamowych ani śledzących.</p>`;

const TERMS_PL = `<h2>Regulamin</h2>
<p>Regulamin określa zasady zamawiania materiałów firmowych w sklepie Initech. Zamówienia mogą składać pracownicy posiadający aktywne konto; ceny podane są w euro netto.</p>
<p>Zamówienie zostaje złożone po potwierdzeniu podsumowania. Następnie jest weryfikowane, a jego status zmienia się z „Nowe” na „W realizacji” i „Zakończone” po doręczeniu.</p>
<p>Produkty personalizowane, takie jak wizytówki lub przedmioty z grawerem, są wykonywane na zamówienie i nie podlegają zwrotowi, chyba że są wadliwe. Pozostałe produkty można zwrócić w stanie nienaruszonym w ciągu 14 dni od dostawy.</p>
<p>Reklamacje dotyczące uszkodzonych lub niezgodnych produktów można zgłaszać przez formularz kontaktowy w ciągu 30 dni od dostawy; odpowiadamy w ciągu pięciu dni roboczych.</p>`;

const ABOUT: Record<DemoShop, { name: string; html: string }> = {
  acme: {
    name: 'About us',
    html: `<h2>About the ACME store</h2>
<p>The ACME merchandise store is where our teams order branded clothing, drinkware and office essentials. Everything is paid with points from the budgets your coordinator assigns: a Welcome pack for new starters and Team events for off-sites and celebrations.</p>
<p>Orders are packed in our Warsaw warehouse and shipped by courier, or you can collect them from the reception desk at ul. Domaniewska 39.</p>`,
  },
  globex: {
    name: 'About us',
    html: `<h2>About the Globex store</h2>
<p>Globex supplies its sales teams and partners with quality merchandise for fairs, conferences and client visits. The store is open to everyone: browse the catalogue and fill your cart without an account, then sign in at checkout.</p>
<p>Prices include VAT. Orders are invoiced monthly or can be paid online.</p>`,
  },
  initech: {
    name: 'O nas',
    html: `<h2>O sklepie Initech</h2>
<p>W sklepie Initech zamówisz odzież firmową, gadżety i materiały biurowe dla swojego zespołu. Zamówienia wysyłamy wyłącznie na wskazany adres, np. biuro projektu lub salę szkoleniową.</p>
<p>Masz pytania? Skorzystaj z czatu w prawym dolnym rogu strony: nasz zespół odpowiada w ciągu jednego dnia roboczego.</p>`,
  },
};

/** The homepage blocks of a shop, pointing at products of its own catalogue. */
function homepageBlocks(shop: DemoShop, products: Map<string, InsertedProduct>, defs: ProductDef[]): PageBlock[] {
  const prefix = CODE_PREFIX[shop];
  const idOf = (key: string): number => {
    const product = products.get(`${prefix}-${key}`);
    if (!product) throw new Error(`Homepage product ${prefix}-${key} is missing`);
    return product.id;
  };
  const hoodie = defs.find((def) => def.code === `${prefix}-HOODIE`);
  const hoodieHref = `/products/${slugify(hoodie?.name ?? 'hoodie')}/${idOf('HOODIE')}`;
  const featured = ['TEE', 'MUG', 'HOODIE', 'BOTTLE'].map(idOf);

  if (shop === 'initech') {
    return [
      {
        type: 'hero',
        title: 'Sklep firmowy Initech',
        text: 'Odzież, gadżety i materiały biurowe z logo firmy, dostarczane pod wskazany adres.',
        image: heroPath(shop),
        link: { label: 'Zobacz produkty', href: '/products' },
      },
      {
        type: 'rich_text',
        html: '<h2>Jak zamawiać</h2><ol><li>Wybierz produkty i dodaj je do koszyka.</li><li>Podaj adres dostawy: biuro, salę szkoleniową lub inne miejsce.</li><li>Zapłać fakturą lub online i śledź zamówienie w historii zamówień.</li></ol><p>Ceny podane są w euro netto.</p>',
      },
      { type: 'product_carousel', title: 'Polecane', product_ids: featured },
      { type: 'product_carousel', title: 'Kubki i butelki', search: 'kubek', limit: 8 },
      {
        type: 'image_grid',
        title: 'Kategorie',
        images: [
          { src: productImagePath('tshirt', 'white'), alt: 'Koszulki', href: '/products?search=koszulka' },
          { src: productImagePath('mug', 'yellow'), alt: 'Kubki', href: '/products?search=kubek' },
          { src: productImagePath('notebook', 'green'), alt: 'Notesy', href: '/products?search=notes' },
          { src: productImagePath('bag', 'navy'), alt: 'Torby', href: '/products?search=torba' },
        ],
      },
      {
        type: 'cta',
        title: 'Zakup grupowy: bluza z kapturem',
        text: 'Brakuje tylko 5 sztuk do niższej ceny. Oferta kończy się za dwa tygodnie.',
        link: { label: 'Zobacz ofertę', href: hoodieHref },
      },
    ];
  }
  const name = shop === 'acme' ? 'ACME' : 'Globex';
  return [
    {
      type: 'hero',
      title: `Welcome to the ${name} merchandise store`,
      text:
        shop === 'acme'
          ? 'Spend your points budgets on branded clothing, drinkware and office essentials.'
          : 'Branded merchandise for fairs, conferences and client visits. Prices include VAT.',
      image: heroPath(shop),
      link: { label: 'Browse products', href: '/products' },
    },
    {
      type: 'rich_text',
      html:
        shop === 'acme'
          ? '<h2>How ordering works</h2><ol><li>Pick products: each is paid from one of your budgets.</li><li>Choose courier delivery, a specific address or pickup at reception.</li><li>Enter your cost centre (MPK) and place the order.</li></ol><p>Your points and their expiry dates are under <a href="/user/budgets">Budgets</a>.</p>'
          : '<h2>Why order here</h2><ul><li>Browse and fill your cart without an account.</li><li>Lower prices for larger quantities.</li><li>Pay by invoice or online, free pickup in Kraków.</li></ul>',
    },
    { type: 'product_carousel', title: 'Bestsellers', product_ids: featured },
    { type: 'product_carousel', title: 'Drinkware', search: 'mug', limit: 8 },
    {
      type: 'image_grid',
      title: 'Shop by category',
      images: [
        { src: productImagePath('tshirt', 'navy'), alt: 'Clothing', href: '/products?search=shirt' },
        { src: productImagePath('mug', 'white'), alt: 'Drinkware', href: '/products?search=mug' },
        { src: productImagePath('notebook', 'red'), alt: 'Office', href: '/products?search=notebook' },
        { src: productImagePath('backpack', 'grey'), alt: 'Bags', href: '/products?search=bag' },
      ],
    },
    {
      type: 'cta',
      title: 'Group Buy: Team hoodie',
      text: 'Only 5 more pieces unlock the next price tier for everyone. The offer ends in two weeks.',
      link: { label: 'See the offer', href: hoodieHref },
    },
  ];
}

/** Writes every shop's pages, then the popups shown on some of them. */
export async function writePages(tx: Queryable, websiteId: IdOf<DemoShop>, catalogues: Catalogues): Promise<void> {
  const pageRows = await insertRows<{ id: number; website_id: number; slug: string }>(
    tx,
    'pages',
    ['website_id', 'name', 'slug', 'type', 'is_deletable', 'content', 'position'],
    SHOPS.flatMap((shop) => {
      const catalogue = must(catalogues, shop.slug, 'catalogue');
      const polish = shop.lang === 'pl';
      const pages: unknown[][] = [
        ['Homepage', 'homepage', 'homepage', 0, { blocks: homepageBlocks(shop.slug, catalogue.inserted, catalogue.defs) }],
        [polish ? 'Polityka prywatności' : 'Privacy policy', 'privacy-policy', 'content', 0, { html: polish ? PRIVACY_PL : PRIVACY_EN(shop.name) }],
        [polish ? 'Regulamin' : 'Terms of use', 'terms-of-use', 'content', 0, { html: polish ? TERMS_PL : TERMS_EN(shop.name) }],
        [ABOUT[shop.slug].name, 'about-us', 'content', 1, { html: ABOUT[shop.slug].html }],
        ...PSEUDO_PAGE_SLUGS.map((slug) => [PSEUDO_PAGE_NAMES[slug], slug, 'pseudo', 0, {}]),
      ];
      return pages.map(([name, slug, type, deletable, content], position) => [
        websiteId(shop.slug),
        name,
        slug,
        type,
        deletable,
        JSON.stringify(content),
        position,
      ]);
    }),
    'id, website_id, slug',
  );
  const pageId = (shop: DemoShop, slug: string) => {
    const row = pageRows.find((candidate) => candidate.website_id === websiteId(shop) && candidate.slug === slug);
    if (!row) throw new Error(`Seed: missing page ${shop}/${slug}`);
    return row.id;
  };
  await insertRows(
    tx,
    'popups',
    ['website_id', 'page_id', 'popup_data'],
    [
      [
        websiteId('acme'),
        pageId('acme', 'homepage'),
        JSON.stringify({
          title: 'Welcome to the ACME store',
          html: '<p>Your points are waiting! Check what is left in each budget under <a href="/user/budgets">Budgets</a>; the <strong>Welcome pack</strong> and <strong>Team events</strong> budgets run until next year.</p>',
        }),
      ],
      [
        websiteId('acme'),
        pageId('acme', 'cart'),
        JSON.stringify({
          title: 'Have your cost centre ready',
          html: '<p>Every ACME order needs a cost centre (MPK) code. Ask your coordinator if you do not know yours.</p>',
        }),
      ],
      [
        websiteId('globex'),
        pageId('globex', 'homepage'),
        JSON.stringify({
          title: 'Free pickup in Kraków',
          html: '<p>Collect your order from the Globex office at ul. Lubicz 17 at no extra cost: choose <strong>Self-pickup</strong> at checkout.</p>',
        }),
      ],
    ],
  );
}
