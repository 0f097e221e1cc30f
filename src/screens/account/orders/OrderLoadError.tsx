import { useSignals } from '@preact/signals-react/runtime';
import { errorMessage } from '../../../api/errors.ts';
import { t } from '../../../i18n/index.ts';
import { Button } from '../../../widgets/button/Button.tsx';

/** An order that failed to load: the reason as an alert, and a Retry that loads it again (order page and confirmation). */
export function OrderLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  useSignals();
  return (
    <div className="shop-orders__error" role="alert">
      <p>{`${t('orders.screen.order_failed')} ${errorMessage(error)}`}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('app.retry')}
      </Button>
    </div>
  );
}
