import { locale } from '../../src/store/locale.ts';

/**
 * Captions of the widget gallery itself (section titles, demo-only buttons). They are demo texts, so
 * they stay here rather than in the product's dictionaries; every widget label in the gallery comes
 * from the product's own keys.
 */
const CAPTIONS = {
  title: { en: 'Widget kit', pl: 'Zestaw kontrolek' },
  button_style: { en: 'Button style', pl: 'Styl przycisków' },
  style_round: { en: 'Round', pl: 'Zaokrąglone' },
  style_medium: { en: 'Medium', pl: 'Średnie' },
  style_square: { en: 'Square', pl: 'Kwadratowe' },
  all_styles: { en: 'The three button styles side by side:', pl: 'Trzy style przycisków obok siebie:' },
  buttons: { en: 'Buttons', pl: 'Przyciski' },
  fields: { en: 'Text fields and checkbox', pl: 'Pola tekstowe i pole wyboru' },
  choices: { en: 'Choices, quantity and files', pl: 'Wybór, ilość i pliki' },
  status: { en: 'Badges, divider, tooltip and popover', pl: 'Etykiety, separator, podpowiedź i dymek' },
  divider: { en: 'Divider', pl: 'Separator' },
  tooltip: { en: 'Tooltip', pl: 'Podpowiedź' },
  popover: { en: 'Popover', pl: 'Dymek' },
  overlays: { en: 'Dialog, drawer, alerts and loading', pl: 'Okno, panel, komunikaty i ładowanie' },
  open_dialog: { en: 'Open dialog', pl: 'Otwórz okno' },
  open_drawer: { en: 'Open drawer', pl: 'Otwórz panel' },
  dialog_title: { en: 'Cost centre', pl: 'Centrum kosztów' },
  loading: { en: 'Show the loading state', pl: 'Pokaż stan ładowania' },
  content: { en: 'Carousel, accordion and tabs', pl: 'Karuzela, akordeon i zakładki' },
  carousel: { en: 'Featured products', pl: 'Polecane produkty' },
  tabs: { en: 'Account sections', pl: 'Sekcje konta' },
  'slide_tshirt-navy': { en: 'Navy T-shirt', pl: 'Granatowa koszulka' },
  'slide_mug-white': { en: 'White mug', pl: 'Biały kubek' },
  'slide_hoodie-grey': { en: 'Grey hoodie', pl: 'Szara bluza' },
} as const;

/** A gallery caption in the current language. */
export function caption(key: keyof typeof CAPTIONS): string {
  return CAPTIONS[key][locale.value];
}
