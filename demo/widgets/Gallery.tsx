import { useSignals } from '@preact/signals-react/runtime';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { LanguageSwitch } from '../../src/app/LanguageSwitch.tsx';
import { emailField } from '../../src/contract/fields.ts';
import { strongPassword } from '../../src/contract/password.ts';
import { t } from '../../src/i18n/index.ts';
import { BUTTON_RADIUS } from '../../src/theme/theme.ts';
import { countryOptions } from '../../src/i18n/countries.ts';
import { locale } from '../../src/store/locale.ts';
import { showAlert } from '../../src/store/alerts.ts';
import { Accordion } from '../../src/widgets/accordion/Accordion.tsx';
import { AlertToast } from '../../src/widgets/alert-toast/AlertToast.tsx';
import { Autocomplete } from '../../src/widgets/autocomplete/Autocomplete.tsx';
import { Badge } from '../../src/widgets/badge/Badge.tsx';
import { Button } from '../../src/widgets/button/Button.tsx';
import { Carousel } from '../../src/widgets/carousel/Carousel.tsx';
import { Checkbox } from '../../src/widgets/checkbox/Checkbox.tsx';
import { Dialog } from '../../src/widgets/dialog/Dialog.tsx';
import { Divider } from '../../src/widgets/divider/Divider.tsx';
import { Drawer } from '../../src/widgets/drawer/Drawer.tsx';
import { Dropdown } from '../../src/widgets/dropdown/Dropdown.tsx';
import { fieldError } from '../../src/widgets/field/validate-field.ts';
import { FileDrop } from '../../src/widgets/file-drop/FileDrop.tsx';
import { Loading } from '../../src/widgets/loading/Loading.tsx';
import { NumericCounter } from '../../src/widgets/numeric-counter/NumericCounter.tsx';
import { Popover } from '../../src/widgets/popover/Popover.tsx';
import { SelectButton } from '../../src/widgets/select-button/SelectButton.tsx';
import { Tabs } from '../../src/widgets/tabs/Tabs.tsx';
import { TextArea } from '../../src/widgets/text-area/TextArea.tsx';
import { TextField } from '../../src/widgets/text-field/TextField.tsx';
import { Tooltip } from '../../src/widgets/tooltip/Tooltip.tsx';
import { registerStyles } from '../../src/theme/styles.ts';
import css from './gallery.css?inline';
import { caption } from './captions.ts';

registerStyles('demo-gallery', css);

const SORTS = ['price_asc', 'price_desc', 'name_asc', 'name_desc', 'code_asc', 'code_desc'] as const;
const STYLES = ['round', 'medium', 'square'] as const;

function Section({ id, children }: { id: Parameters<typeof caption>[0]; children: ReactNode }) {
  return (
    <section className="gallery__section" aria-labelledby={`gallery-${id}`}>
      <h2 id={`gallery-${id}`}>{caption(id)}</h2>
      <div className="gallery__body">{children}</div>
    </section>
  );
}

/** The text fields, with the e-mail and password rules a shop's forms use. */
function FieldsSection() {
  useSignals();
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [password, setPassword] = useState('');
  return (
    <Section id="fields">
      <TextField
        label={t('auth.email')}
        type="email"
        required
        value={email}
        onValueChange={setEmail}
        onBlur={() => setEmailTouched(true)}
        error={emailTouched ? (fieldError(emailField, email) ?? undefined) : undefined}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        value={password}
        onValueChange={setPassword}
        hint={t('validation.password')}
        error={password ? (fieldError(strongPassword, password) ?? undefined) : undefined}
      />
      <TextArea label={t('checkout.comment')} maxLength={200} />
      <Checkbox label={t('checkout.same_as_delivery')} defaultChecked />
    </Section>
  );
}

/** Badges, a divider, a tooltip and a popover. */
function StatusSection() {
  useSignals();
  return (
    <Section id="status">
      <div className="gallery__row">
        <Badge tone="neutral">{t('orders.status.new')}</Badge>
        <Badge tone="info">{t('orders.status.in_progress')}</Badge>
        <Badge tone="success">{t('orders.status.complete')}</Badge>
        <Badge tone="warning">{t('product.availability.in_delivery')}</Badge>
        <Badge tone="danger">{t('product.availability.out_of_stock')}</Badge>
        <Badge color="#2563eb">Welcome pack</Badge>
        <Badge color="#16a34a">Team events</Badge>
      </div>
      <Divider label={caption('divider')} />
      <div className="gallery__row">
        <Tooltip content={t('product.minimum_quantity', { qty: 50 })}>
          <Button variant="secondary" size="small">
            {caption('tooltip')}
          </Button>
        </Tooltip>
        <Popover title={caption('popover')} content={<p>{t('budgets.contact_coordinator', { email: 'coordinator@acme.test' })}</p>}>
          <Button variant="secondary" size="small">
            {caption('popover')}
          </Button>
        </Popover>
      </div>
    </Section>
  );
}

/**
 * Every widget of the kit on one page, inside a real custom element (so shadow DOM, focus, outside
 * clicks and positioning are what a shop gets), switchable between English and Polish and between
 * the three button styles. Served at /demo/widgets.html.
 */
export function Gallery() {
  useSignals();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  // The gallery has no shop: the picked button style rounds its buttons, as a shop's settings would.
  const [style, setStyle] = useState<(typeof STYLES)[number]>('round');
  const lang = locale.value;

  return (
    <div className="gallery" style={{ '--button-radius': BUTTON_RADIUS[style] } as CSSProperties}>
      <header className="gallery__toolbar" part="header">
        <h1>{caption('title')}</h1>
        <div className="gallery__controls">
          <LanguageSwitch showLabel />
          <SelectButton
            label={caption('button_style')}
            size="small"
            value={style}
            options={STYLES.map((value) => ({ value, label: caption(`style_${value}`) }))}
            onValueChange={(value) => setStyle(value as (typeof STYLES)[number])}
          />
        </div>
      </header>

      <main className="gallery__grid">
        <Section id="buttons">
          <div className="gallery__row">
            <Button>{t('product.add_to_cart')}</Button>
            <Button variant="secondary">{t('cart.continue_shopping')}</Button>
            <Button variant="ghost">{t('widgets.clear')}</Button>
            <Button loading>{t('checkout.place_order')}</Button>
            <Button disabled>{t('checkout.place_order')}</Button>
          </div>
          <p className="gallery__note">{caption('all_styles')}</p>
          <div className="gallery__row">
            {STYLES.map((value) => (
              <span key={value} className="gallery__style" data-style={value}>
                <Button size="small">{caption(`style_${value}`)}</Button>
              </span>
            ))}
          </div>
        </Section>

        <FieldsSection />

        <Section id="choices">
          <Dropdown label={t('catalogue.sort_label')} defaultValue="name_asc" options={SORTS.map((value) => ({ value, label: t(`catalogue.sort.${value}`) }))} />
          <Autocomplete label={t('checkout.address.country')} options={countryOptions(lang)} />
          <NumericCounter label={t('product.quantity')} defaultValue={1} min={1} max={100} />
          <SelectButton label={t('product.size')} defaultValue="M" options={['S', 'M', 'L', 'XL'].map((size) => ({ value: size, label: size }))} />
          <FileDrop label={t('contact.attachment')} />
        </Section>

        <StatusSection />

        <Section id="overlays">
          <div className="gallery__row">
            <Button onClick={() => setDialogOpen(true)}>{caption('open_dialog')}</Button>
            <Button variant="secondary" onClick={() => setDrawerOpen(true)}>
              {caption('open_drawer')}
            </Button>
          </div>
          <div className="gallery__row">
            {(['info', 'success', 'warning', 'error'] as const).map((type) => (
              <Button
                key={type}
                size="small"
                variant="ghost"
                onClick={() =>
                  showAlert(
                    type === 'error'
                      ? { type, header: t('widgets.alert_error'), content: [t('sale.qty.minimum', { qty: 50 }), t('budgets.error.insufficient')] }
                      : { type, header: t(`widgets.alert_${type}`), content: t('notices.contact_sent') },
                  )
                }
              >
                {t(`widgets.alert_${type}`)}
              </Button>
            ))}
          </div>
          <Checkbox label={caption('loading')} checked={loading} onCheckedChange={setLoading} />
          <Loading loading={loading}>
            <p className="gallery__note">{t('app.loading_shop')}</p>
          </Loading>
        </Section>

        <Section id="content">
          <Carousel label={caption('carousel')}>
            {(['tshirt-navy', 'mug-white', 'hoodie-grey'] as const).map((name) => (
              <img key={name} className="gallery__slide" src={`/storage/products/${name}.svg`} alt={caption(`slide_${name}`)} width="300" height="300" />
            ))}
          </Carousel>
          <Accordion
            items={[
              { value: 'delivery', title: t('checkout.delivery_method'), content: <p>{t('checkout.delivery_methods.courier')}</p> },
              { value: 'payment', title: t('checkout.payment_method'), content: <p>{t('checkout.payment_methods.invoice')}</p> },
            ]}
            defaultValue="delivery"
            collapsible
          />
          <Tabs
            label={caption('tabs')}
            items={[
              { value: 'orders', label: t('account.orders'), content: <p>{t('orders.no_orders')}</p> },
              { value: 'budgets', label: t('account.budgets'), content: <p>{t('budgets.title')}</p> },
            ]}
          />
        </Section>
      </main>

      <Dialog open={dialogOpen} onOpenChange={setDialogOpen} title={caption('dialog_title')} footer={<Button onClick={() => setDialogOpen(false)}>{t('widgets.close')}</Button>}>
        <p>{t('checkout.statement')}</p>
        <Dropdown label={t('checkout.address.country')} options={countryOptions(lang).slice(0, 8)} />
      </Dialog>
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title={t('app.cart')}>
        <p>{t('cart.empty')}</p>
        <Button variant="secondary" onClick={() => setDrawerOpen(false)}>
          {t('cart.continue_shopping')}
        </Button>
      </Drawer>
      <AlertToast />
    </div>
  );
}
