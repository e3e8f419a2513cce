import { Navigate, useSearchParams } from 'react-router';
import { buyPath } from './families';

/**
 * /go-to-webshop(?product=…) (§2): a visitor comes back here after logging in (the access guard stores this address),
 * and is sent on to the product's checkout, or to the shop when no product is named.
 */
export function GoToWebshopPage() {
  const product = useSearchParams()[0].get('product');
  return <Navigate to={buyPath(product)} replace />;
}
