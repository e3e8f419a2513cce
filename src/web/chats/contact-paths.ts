/** Where a bike's owner is contacted (issue 5); the success page is below it. */
export const contactPath = (bikeId: string) => `/app/bikes/${encodeURIComponent(bikeId)}/contact-bike-owner`;
