// Error codes shared by server and web (§8), each with the HTTP status it answers: the code decides the
// status, so a service names only the code (`new AppError('bike_not_found')`). Their user messages are the
// `errors` namespace of the text catalogs (src/i18n/<language>/errors.json), read by the server for its
// answers and by the web's forms; src/i18n/catalogs.test.ts checks that every code has a text there.
// 422 codes are field problems (a `detail` list naming the field), the others answer `{detail, code}`.
export const ERROR_STATUS = {
  field_required: 422,
  field_invalid: 422,
  too_short: 422,
  too_long: 422,
  fill_all_fields: 422,
  email_invalid: 422,
  email_unknown: 422,
  email_taken: 422,
  social_email_taken: 409,
  email_change_taken: 400,
  password_too_short: 422,
  password_wrong: 401,
  login_locked: 429, // repeated wrong passwords for one account (identity/login-lock.ts)
  passwords_differ: 422,
  region_required: 422,
  terms_required: 422,
  zip_invalid: 422,
  phone_invalid: 422,
  cpr_invalid: 422,
  password_reset_failed: 400,
  link_invalid: 400,
  already_verified: 400,
  invalid_token: 401,
  forbidden: 403,
  mailbox_local_only: 403, // the development mailbox, asked from another machine without its key
  not_found: 404,
  too_many_requests: 429, // the rate limit's answer (handler map)
  payload_too_large: 413,
  malformed_request: 400,
  no_changes: 422, // a change that names no field
  control_character: 422, // a NUL, another control character or a lone surrogate in any input
  server_error: 500, // the handler's answer to anything unexpected
  network: 503, // the client's own: no answer came
  verification_unavailable: 503,
  verification_invalid: 400,
  verification_failed: 400,
  identity_already_verified: 400,
  eid_in_use: 409,
  approval_wrong_person: 403,
  approval_required: 403,
  autotest_only: 403,
  redirect_not_allowed: 422,
  account_deleted: 410,
  business_number_invalid: 422,
  not_switched: 400,
  social_unavailable: 503,
  social_failed: 400,
  social_account_unknown: 404,
  social_email_missing: 400,
  social_email_unverified: 400,
  frame_number_too_short: 422,
  frame_number_in_use: 422,
  plate_id_too_short: 422,
  plate_invalid: 422,
  plate_id_not_valid: 422,
  plate_already_registered: 422,
  plate_on_equipment: 422,
  // The backoffice's plates (issue 14, server/plates/backoffice.ts).
  plate_prefix_invalid: 422, // a batch's ID prefix with a character outside the plate alphabet
  plate_count_invalid: 422, // a batch of 1 to 5000 plates
  plate_insurer_required: 422, // an insurance batch names its insurer; another kind names none
  plate_batch_not_found: 404,
  plate_not_found: 404,
  plate_range_invalid: 422, // from/to not in the batch, or from after to
  plate_range_taken: 409, // plates of the range already on a bike or equipment, with another organisation, or shipped
  plate_organisation_unknown: 422,
  purchase_date_future: 422,
  no_subscription: 402,
  fill_existing_bikes_first: 409,
  bike_not_found: 404,
  search_no_results: 404,
  search_query_too_short: 422,
  credit_not_found: 404,
  ownership_already_active: 409,
  voucher_invalid: 422,
  voucher_used: 422,
  file_too_large: 413,
  file_type_not_allowed: 415,
  file_missing: 422,
  bike_stolen_locked: 409,
  equipment_not_found: 404,
  equipment_unknown: 422,
  picture_not_found: 404,
  document_not_found: 404,
  organisation_required: 403,
  plate_valid: 200, // not a failure: the text of a plate check's "valid" answer
  bike_reported_stolen: 409,
  transfer_pending: 409,
  transfer_to_self: 422,
  transfer_not_found: 404,
  transfer_expired: 410,
  transfer_not_pending: 409,
  request_own_bike: 422,
  request_pending: 409,
  request_not_found: 404,
  request_not_pending: 409,
  bill_of_sale_not_found: 404,
  verification_frame_missing: 409,
  ownership_already_verified: 409,
  verification_not_found: 404,
  verification_already_rejected: 409,
  sales_link_not_found: 404,
  sales_link_expired: 410,
  chat_not_found: 404,
  chat_own_bike: 422,
  chat_blocked: 403,
  chat_rate_limited: 429,
  chat_message_rate_limited: 429,
  ticket_not_found: 404,
  websocket_required: 426, // GET /api/chats/live without the upgrade
  theft_steps_incomplete: 422,
  theft_date_future: 422,
  theft_noted_before_last_seen: 422,
  theft_location_required: 422,
  theft_acknowledgement_required: 422,
  bike_already_reported_stolen: 409,
  bike_not_reported_stolen: 409,
  stolen_report_not_found: 404,
  insurer_not_found: 422,
  stolen_bike_not_found: 404,
  // Staff's review of stolen reports for the public map (issue 14, backoffice/stolen-reports.ts).
  stolen_report_already_approved: 409,
  stolen_report_already_hidden: 409,
  stolen_report_merged: 409, // a merged report is settled: its kept report is the one reviewed
  stolen_report_not_duplicate: 422, // merge only into another open report of the same bike or frame number
  // Insurance policies (issue 13): §7 Insurance; a pre-registered policy answers §8's 400 with a structured detail.
  policy_not_found: 404,
  policy_number_taken: 409, // the insurer already has a policy with that number, held by someone
  policy_too_many_bikes: 422, // more insured bikes than the policy's number of bikes
  policy_bike_not_mine: 422, // an insured bike must be one the holder owns
  policy_acknowledgement_required: 422, // privacy and data share must be acknowledged
  policy_pre_registered: 400, // detail { pre_registered_policy, insurer_party_id }: claim it on the contents-signup page
  // Evidence for an insurer (issue 13): possession verifications and lock tests (server/insurance/possession*, lock-tests*).
  possession_verification_not_found: 404,
  lock_test_not_found: 404,
  evidence_pending: 409, // one submission of a kind per bike and insurer waits for review at a time
  evidence_already_reviewed: 409,
  possession_verification_held: 409, // another reviewer holds it in the backoffice's queue (issue 14)
  evidence_frame_number_mismatch: 422, // the frame number given is not the bike's
  certificate_date_future: 422,
  // The webshop (issue 12): an order is priced on the server (webshop/pricing.ts), a NAF number checked (§5).
  order_empty: 422,
  product_unknown: 422,
  order_line_duplicate: 422,
  quantity_invalid: 422,
  order_mixed: 422,
  currency_invalid: 422,
  naf_number_invalid: 422,
  webhook_signature_invalid: 400, // a payment webhook unsigned, badly signed, stale or not an event
  delivery_address_missing: 422, // plates are sent to the profile's address, which has none
  payment_unavailable: 503, // the payment provider could not be reached or refused the checkout; nothing was charged
  // Subscriptions and the NAF member flow (webshop/subscriptions.ts, naf.ts).
  subscription_exists: 409, // one subscription per party: change or cancel it in the portal
  subscription_full: 409, // the plan covers no more bikes
  subscription_not_found: 404, // no subscription (or customer) at the provider to manage
  person_required: 403, // a personal user's act, asked while acting as an organisation
  organisation_admin_required: 403,
  plate_not_on_my_bike: 422, // unknown, or on someone else's bike: the same answer
  naf_membership_not_found: 404,
  naf_extra_registration_claimed: 409,
  payment_provider_unknown: 404, // POST /webshop/orders/{provider} naming a provider we do not take payments through
  product_not_one_time: 422, // a subscription in an order: subscriptions go through /webshop/subscriptions/sessions
  order_not_found: 404,
  receipt_not_found: 404,
  order_not_capturable: 409, // capture: only a paid order whose payment is authorised and not yet taken
  order_not_refundable: 409, // refund: only a paid order
  // The backoffice's orders (issue 14, webshop/backoffice-*.ts).
  order_not_cancellable: 409, // cancel: only a paid order whose payment was authorised and not taken
  order_authorisation_lapsed: 409, // the card authorisation has lapsed at the provider: cancel the order instead
  order_capture_failed: 409, // the provider refused to take the authorised payment; nothing was shipped
  shipment_not_found: 404,
  page_cursor_invalid: 400, // a list's page cursor altered, cut short, or another list's: start again from the first page
  shipment_not_open: 409, // ship: only a shipment waiting to be sent
  shipment_not_shipped: 409, // delivered: only a shipment sent
  shipment_plate_count: 422, // the envelope holds exactly as many plates as were ordered
  plate_duplicate: 422, // the same plate typed twice for one envelope
  plate_taken: 422, // already sent to someone
  plate_wrong_kind: 422, // an insurer's plate for a webshop order, a plate with a registration, or another insurer's
  // The Danish insurance sign-up (issue 13, domain/insurance-purchase.ts).
  insurance_bike_price_invalid: 422, // whole kroner, 1 to 200,000
  insurance_basket_empty: 422,
  bank_register_invalid: 422, // 4 digits
  bank_account_invalid: 422, // up to 10 digits
  // Insurance (issue 13). Claims (domain/insurance-claims.ts): a claim of another insurer is not found.
  claim_not_found: 404,
  claim_move_not_allowed: 409, // the claim's state does not allow that step (e.g. paying a claim not approved)
  claim_rejection_reason_required: 422,
  insured_bike_not_found: 404,
  // Docks and smart locks (issue 16): managing them (server/docks/manage-*), their alarms (server/docks/alarms-*).
  dock_not_found: 404,
  lock_not_found: 404,
  lock_label_taken: 422, // another lock of the dock has that label
  lock_holds_bike: 409, // a lock with a bike in it cannot be removed
  dock_alarm_not_found: 404,
  // The backoffice's organisations and voucher batches (issue 14).
  organisation_not_found: 404,
  organisation_last_admin: 409, // the change would leave the organisation without an admin
  organisation_member_exists: 409,
  organisation_member_not_found: 404,
  identity_not_found: 404,
  voucher_batch_not_found: 404,
  expiry_not_future: 422, // a voucher batch's last day must be after today
  // Distributors and the newsletter (issue 15).
  distributor_not_found: 404,
  newsletter_consent_required: 422,
  newsletter_link_invalid: 400, // a confirmation or unsubscribe link that is unknown, expired or no longer valid
  // Docks and smart locks (issue 16): a person's lock and unlock (server/docks/lock-service.ts). A dock the person may
  // not use is not found, and so is every lock and command in it.
  lock_command_not_found: 404,
  lock_busy: 409, // the lock is already doing a command: one at a time
  lock_offline: 409, // the lock is not connected or has been silent too long
  lock_occupied: 409, // lock: the lock is not free (closed, or its state unknown)
  lock_not_yours: 403, // unlock: the lock does not hold a bike the caller locked (whose it is, is not said)
  bike_already_docked: 409, // lock: that bike is already in a lock
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The HTTP status an error with this code answers. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
