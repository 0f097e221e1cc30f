import type { Hono } from 'hono';
import * as v from 'valibot';
import { AddressInputSchema, AddressTypeSchema, type Address, type AddressInput } from '../shared.ts';
import { userAccess } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { fail } from '../http/errors.ts';
import { idParam, jsonBody, queryParams } from '../http/validate.ts';

/** The columns of the contract's `Address`; nothing else (user, shop, dates) leaves the server. */
const ADDRESS_COLUMNS = 'id, type, name, surname, company, street, city, zip, country, nip, phone';

/** `GET /api/user/addresses` query (exported for the OpenAPI document, build/openapi.ts). */
export const AddressListQuerySchema = v.object({ type: v.optional(v.picklist(AddressTypeSchema.options, 'validation.choice')) });

/** The values of an address input in the order of the INSERT and UPDATE placeholders below. */
function addressValues(input: AddressInput): string[] {
  return [input.type, input.name, input.surname, input.company, input.street, input.city, input.zip, input.country, input.nip, input.phone];
}

/**
 * The address book (DESIGN.md §4), mode `user`: the shop is the token's shop. Every statement filters
 * by BOTH the user and the shop, and an id that is not this user's in this shop answers 404 (never
 * 403), so other people's addresses cannot even be probed. A shop that ships only to a specific
 * address still keeps a full book: that rule applies to delivery methods at checkout.
 */
export function registerAddressRoutes(app: Hono<AppEnv>): void {
  app.get('/api/user/addresses', async (c) => {
    const { auth } = await userAccess(c);
    const query = queryParams(c, AddressListQuerySchema);
    const params: unknown[] = [auth.userId, auth.websiteId];
    let typeFilter = '';
    if (query.type) {
      params.push(query.type);
      typeFilter = ' AND type = $3';
    }
    const { rows } = await c
      .get('db')
      .query<Address>(
        `SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = $1 AND website_id = $2${typeFilter} ORDER BY created_at DESC, id DESC`,
        params,
      );
    return c.json(rows);
  });

  app.post('/api/user/addresses', async (c) => {
    const { auth } = await userAccess(c);
    const input = await jsonBody(c, AddressInputSchema);
    const { rows } = await c.get('db').query<Address>(
      `INSERT INTO addresses (user_id, website_id, type, name, surname, company, street, city, zip, country, nip, phone)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING ${ADDRESS_COLUMNS}`,
      [auth.userId, auth.websiteId, ...addressValues(input)],
    );
    return c.json(rows[0], 201);
  });

  app.put('/api/user/addresses/:id', async (c) => {
    const { auth } = await userAccess(c);
    const id = idParam(c, 'id');
    const input = await jsonBody(c, AddressInputSchema);
    const { rows } = await c.get('db').query<Address>(
      `UPDATE addresses
          SET type = $4, name = $5, surname = $6, company = $7, street = $8, city = $9, zip = $10, country = $11, nip = $12, phone = $13
        WHERE id = $1 AND user_id = $2 AND website_id = $3
        RETURNING ${ADDRESS_COLUMNS}`,
      [id, auth.userId, auth.websiteId, ...addressValues(input)],
    );
    const address = rows[0];
    if (!address) fail(404, 'errors.not_found');
    return c.json(address);
  });

  app.delete('/api/user/addresses/:id', async (c) => {
    const { auth } = await userAccess(c);
    const id = idParam(c, 'id');
    // Orders keep copies of their addresses (jsonb), so deleting a book entry never changes an order.
    const { rows } = await c
      .get('db')
      .query<{ id: number }>('DELETE FROM addresses WHERE id = $1 AND user_id = $2 AND website_id = $3 RETURNING id', [
        id,
        auth.userId,
        auth.websiteId,
      ]);
    if (rows.length === 0) fail(404, 'errors.not_found');
    return c.body(null, 204);
  });
}
