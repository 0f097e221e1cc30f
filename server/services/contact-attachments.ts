import type { Queryable } from '../db/index.ts';
import { invalidFields } from '../http/errors.ts';

/**
 * What a shop keeps of contact-form attachments. Every shop has a quota of bytes
 * (`contactQuotaBytes`); guests, whom nobody can hold to account, share a smaller one inside it
 * (`contactGuestQuotaBytes`), so strangers can fill only their own part and members can still send
 * files. Attachments are kept for a retention time (`attachmentRetentionDays`) and then deleted by
 * the server's maintenance timer, which frees their bytes in both quotas; the message stays.
 *
 * @module
 */

/** Advisory-lock namespace of a shop's attachment quota (one lock per shop). */
const QUOTA_LOCK = 4173_0104;

/** Attachments deleted per statement, so a first sweep over years of files never runs one giant update. */
const SWEEP_BATCH = 100;

/** The quotas a new attachment is judged against, in bytes. */
export interface AttachmentQuotas {
  /** Everything the shop keeps. */
  shopBytes: number;
  /** What guests' messages keep together, inside `shopBytes`. */
  guestBytes: number;
}

/**
 * Refuses a file that would take the shop's attachments past its quota, or a guest's file that
 * would take the guests' attachments past theirs, with a field error on `file`. Called in the
 * storing transaction under the shop's lock, so two uploads at once cannot both squeeze into the
 * last free bytes.
 */
export async function checkAttachmentQuota(tx: Queryable, websiteId: number, bytes: number, fromGuest: boolean, quotas: AttachmentQuotas): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [QUOTA_LOCK, websiteId]);
  const { rows } = await tx.query<{ used: number; guests: number }>(
    `SELECT coalesce(sum(file_size), 0)::float8 AS used, coalesce(sum(file_size) FILTER (WHERE from_guest), 0)::float8 AS guests
       FROM contact_messages WHERE website_id = $1`,
    [websiteId],
  );
  const used = rows[0]?.used ?? 0;
  const guests = rows[0]?.guests ?? 0;
  if (used + bytes > quotas.shopBytes || (fromGuest && guests + bytes > quotas.guestBytes)) throw invalidFields({ file: 'validation.file_quota' });
}

/**
 * Deletes the attachments stored more than `retentionDays` ago (the file's bytes, name and type; the
 * message stays), in batches; answers how many it deleted. 0 days keeps attachments for good. Safe
 * on several instances at once: a row another sweep deleted no longer matches `file_size > 0`.
 */
export async function deleteOldAttachments(db: Queryable, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query(
      `UPDATE contact_messages SET file_data = NULL, file_name = NULL, file_type = NULL, file_size = 0
        WHERE id IN (SELECT id FROM contact_messages
                      WHERE file_size > 0 AND created_at < now() - $1::int * interval '1 day'
                      ORDER BY id LIMIT $2)
          AND file_size > 0`,
      [retentionDays, SWEEP_BATCH],
    );
    deleted += rowCount;
    if (rowCount < SWEEP_BATCH) return deleted;
  }
}
