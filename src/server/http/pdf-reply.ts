import type { FastifyReply } from 'fastify';

/**
 * Sends a private PDF as a download: never cached (receipts, reports and bills of sale hold personal data) and
 * never sniffed as anything else.
 */
export function sendPdf(reply: FastifyReply, file: { fileName: string; body: Buffer | Uint8Array }) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .type('application/pdf')
    .send(file.body);
}
