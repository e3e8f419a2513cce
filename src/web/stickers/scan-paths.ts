// The addresses of the signed-in part of the sign-up-from-a-scan flow (§2). The two public pages write
// theirs out, to keep their first load to one chunk each.

export const LOOP = '/signup/from-scan/create-bikes-loop';

export const bikeDonePath = (bikeId: string) => `${LOOP}/${encodeURIComponent(bikeId)}`;
export const addPhotosPath = (bikeId: string) => `${bikeDonePath(bikeId)}/add-photos`;
export const completePath = (bikeId: string) => `${addPhotosPath(bikeId)}/complete`;
