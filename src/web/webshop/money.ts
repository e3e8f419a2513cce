import { numberFormat } from '../lib/intl';

/** An amount in øre as the page's language writes the currency (149,00 kr., NOK 149.00 …). */
export function formatMoney(ore: number, currency: string, language: string | undefined): string {
  return numberFormat(language, { style: 'currency', currency }).format(ore / 100);
}
