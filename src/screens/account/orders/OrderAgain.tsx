import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import type { Order, OrderItem } from '../../../contract/contract.ts';
import { errorMessage, isApiClientError } from '../../../api/errors.ts';
import { Link } from '../../../kit/router.tsx';
import { buildPath } from '../../../domain/routes.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { t } from '../../../i18n/index.ts';
import { showAlert } from '../../../store/alerts.ts';
import { latestRequest } from '../../../store/latest-request.ts';
import { Button } from '../../../widgets/button/Button.tsx';
import { itemVariantText } from './order-view.ts';
import { orderAgain } from './reorder.ts';

/** What the last "Order again" did. */
type Outcome = { kind: 'done'; added: number; lines: number } | { kind: 'failed' };

/** "Classic T-shirt (Colour: Navy · Size: L): 1 pcs". */
function lineText(item: OrderItem): string {
  const variant = itemVariantText(item);
  return t('orders.screen.added_line', { name: variant ? `${item.name} (${variant})` : item.name, quantity: formatNumber(item.quantity) });
}

/**
 * "Order again": puts the order's lines back in the cart at today's prices (`orderAgain`). A toast
 * says what was added and what is no longer available; beside the button a status line says how
 * many lines went in, with the link to the cart.
 */
export function OrderAgain({ order, websiteId }: { order: Order; websiteId: number }) {
  useSignals();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A second click, or leaving the screen, drops the attempt before (its answer no longer counts).
  const request = useMemo(latestRequest, []);
  useEffect(() => () => request.cancel(), [request]);

  const run = async () => {
    const attempt = request.start();
    setBusy(true);
    setOutcome(null);
    try {
      const plan = await orderAgain(order, websiteId, { signal: attempt.signal });
      if (!attempt.settle()) return;
      setBusy(false);
      if (plan.add.length > 0) showAlert({ type: 'success', header: t('orders.screen.added_title'), content: plan.add.map((line) => lineText(line.item)) });
      if (plan.unavailable.length > 0) {
        const names = plan.unavailable.map(lineText);
        showAlert({ type: 'warning', header: t('orders.screen.unavailable_title'), content: plan.add.length > 0 ? names : [t('orders.screen.none_added'), ...names], duration: 6000 });
      }
      setOutcome({ kind: 'done', added: plan.add.length, lines: order.items.length });
    } catch (error) {
      if (!attempt.settle()) return;
      setBusy(false);
      if (isApiClientError(error, 'aborted')) return;
      showAlert({ type: 'error', header: t('orders.screen.reorder_failed'), content: errorMessage(error) });
      setOutcome({ kind: 'failed' });
    }
  };

  return (
    <div className="shop-order__again">
      <Button onClick={() => void run()} loading={busy}>
        {t('orders.order_again')}
      </Button>
      <div role="status" className="shop-order__again">
        {busy && <p className="shop-order__hint">{t('orders.screen.adding')}</p>}
        {!busy && outcome === null && <p className="shop-order__hint">{t('orders.screen.order_again_hint')}</p>}
        {outcome?.kind === 'done' && (
          <>
            <p>{outcome.added > 0 ? t('orders.screen.reorder_result', { added: outcome.added, lines: outcome.lines }) : t('orders.screen.none_added')}</p>
            {outcome.added > 0 && (
              <Link to={buildPath('cart')} className="shop-orders__link">
                {t('orders.screen.go_to_cart')}
              </Link>
            )}
          </>
        )}
        {outcome?.kind === 'failed' && <p className="shop-orders__error">{t('orders.screen.reorder_failed')}</p>}
      </div>
    </div>
  );
}
