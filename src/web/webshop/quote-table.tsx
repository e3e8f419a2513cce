import { useTranslation } from 'react-i18next';
import type { OrderView } from '../../domain/webshop/orders';
import { formatMoney } from './money';

export interface PricedLine {
  name: string;
  quantity: number;
  unit_amount_ore: number;
  vat_rate_percent: number;
  vat_amount_ore: number;
  gross_ore: number;
}

/**
 * An order's lines (quantity × unit price, the line's VAT) and the total incl. VAT: the quote before paying, and an
 * order after. Two columns, so it reads the same on a phone as on a desktop.
 */
export function QuoteTable({
  lines,
  currency,
  totalOre,
  vatOre,
  interval,
  caption,
}: {
  lines: readonly PricedLine[];
  currency: string;
  totalOre: number;
  vatOre: number;
  interval: 'year' | null;
  caption: string;
}) {
  const { t, i18n } = useTranslation('webshop');
  const money = (ore: number) => formatMoney(ore, currency, i18n.resolvedLanguage);
  return (
    <table className="quote">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('quote.product')}</th>
          <th scope="col" className="num">
            {t('quote.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.name}>
            <th scope="row">
              {line.name}
              <span className="quote-each">{t('quote.each', { quantity: line.quantity, price: money(line.unit_amount_ore) })}</span>
              <span className="quote-vat">{t('quote.lineVat', { rate: line.vat_rate_percent, vat: money(line.vat_amount_ore) })}</span>
            </th>
            <td className="num">{money(line.gross_ore)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="quote-total">
          <th scope="row">{interval === 'year' ? t('quote.totalPerYear') : t('quote.total')}</th>
          <td className="num">{money(totalOre)}</td>
        </tr>
        <tr>
          <th scope="row">{t('quote.vatIncluded')}</th>
          <td className="num">{money(vatOre)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** A placed order's lines and totals, and, for plates, when the money is taken. */
export function OrderLines({ order, caption }: { order: OrderView; caption: string }) {
  const { t } = useTranslation('webshop');
  return (
    <>
      <QuoteTable
        caption={caption}
        lines={order.lines}
        currency={order.currency}
        totalOre={order.gross_ore}
        vatOre={order.vat_ore}
        interval={order.kind === 'subscription' ? 'year' : null}
      />
      {order.payment.state === 'authorised' && <p className="muted">{t('done.authorised')}</p>}
    </>
  );
}
