// §2's external marketing pages (terms, credits, subscriptions add-bike, order number plates, business overview,
// products, resources, support home, help centre) are the product's own pages: this is the one place that says which.
export const MARKETING_LINKS = {
  terms: '/terms',
  credits: '/webshop',
  subscriptionsAddBike: '/app/bikes/register',
  orderNumberPlates: '/webshop',
  businessOverview: '/app/organisations/create',
  products: '/webshop',
  resources: '/help',
  supportHome: '/support/chat',
  helpCentre: '/help',
} as const;

/** The public pages about the product that the footer lists beside them (built by their own areas). */
export const ABOUT_LINKS = {
  ourMission: '/our-mission',
  advisoryBoard: '/advisory-board',
  howItWorks: '/hvordan',
  findDistributor: '/find-distributor',
  newsletter: '/signup/newsletter',
  insuranceBenefit: '/forsikringsfordel',
  privacy: '/privacy',
} as const;
