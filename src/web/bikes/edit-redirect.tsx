import { Navigate, useParams } from 'react-router';

/** /app/redirects/edit-bike/{bikeId}: links from mail and other apps land on the bike's edit page. */
export function EditBikeRedirect() {
  const bikeId = useParams().bikeId ?? '';
  return <Navigate to={`/app/my-bikes/${encodeURIComponent(bikeId)}/edit`} replace />;
}
