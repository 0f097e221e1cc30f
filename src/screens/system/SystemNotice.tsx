import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '../../kit/router.tsx';
import { t, type MessageKey } from '../../i18n/index.ts';
import { registerStyles } from '../../theme/styles.ts';
import css from './system.css?inline';

registerStyles('system', css);

/**
 * A system screen that says why there is nothing to show here and leads home: its heading (focused on
 * arrival, as every screen's), its paragraphs and a link back to the homepage.
 */
export function SystemNotice({ screen, title, paragraphs }: { screen: string; title: MessageKey; paragraphs: readonly { key: MessageKey; lead?: boolean }[] }) {
  useSignals();
  return (
    <section className="shop-system" data-screen={screen}>
      <h1 className="shop-system__title" tabIndex={-1} data-screen-heading>
        {t(title)}
      </h1>
      {paragraphs.map(({ key, lead }) => (
        <p key={key} className={lead ? 'shop-system__lead' : 'shop-system__text'}>
          {t(key)}
        </p>
      ))}
      <p className="shop-system__actions">
        <Link to="/" className="shop-system__link">
          {t('app.back_home')}
        </Link>
      </p>
    </section>
  );
}
