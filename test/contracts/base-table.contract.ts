import { afterEach, describe, expect, it } from 'vitest';
import { BASE_FIELDS, type BaseApi } from '../../src/app/base/index.js';
import { baseSchema, canonicalCell } from '../../src/app/base/schema.js';

/** What a Base implementation under contract provides: the port, a Base it may open, and platform controls. */
export interface BaseFixture {
  readonly api: BaseApi;
  /** A Base the app may open (and nothing else exists). */
  readonly appToken: string;
  /** Makes the platform answer the next call with a rate limit of `seconds`. */
  rateLimitNext(seconds: number): void;
  close?(): void | Promise<void>;
}

const row = (id: string, lane = 'Todo') => ({ Title: `Task ${id}`, Lane: lane, Priority: 'P2', 'Latest evidence': { text: 'Evidence', link: `https://ci.example/${id}` }, Updated: 1_767_600_000_000, 'LoopX id': id });

/**
 * The cases every Base implementation passes (the Lark SDK under msw): open a Base, create a table with typed
 * fields, batch create and update records that read back as written, page through records, and answer a
 * missing record, a missing Base and a rate limit as values, never by throwing.
 */
export function baseTableContract(name: string, setup: () => Promise<BaseFixture>): void {
  describe(`Base contract: ${name}`, () => {
    let fixture: BaseFixture | undefined;
    const open = async () => (fixture = await setup());
    const table = async (f: BaseFixture) => {
      const created = await f.api.createTable(f.appToken, 'Contract', BASE_FIELDS);
      if (!created.ok) throw new Error(`createTable answered ${created.kind}`);
      return created.data.tableId;
    };
    afterEach(async () => {
      await fixture?.close?.();
      fixture = undefined;
    });

    it('opens the Base and creates a table whose fields read back with ids, types and select options', async () => {
      const f = await open();
      expect(await f.api.getApp(f.appToken)).toMatchObject({ ok: true, data: { name: expect.any(String) } });
      const fields = await f.api.listFields(f.appToken, await table(f));
      if (!fields.ok) throw new Error(fields.kind);
      expect(fields.data.map((x) => [x.name, x.type])).toEqual(BASE_FIELDS.map((x) => [x.name, x.type]));
      expect(fields.data.find((x) => x.name === 'Lane')?.options.map((o) => o.name)).toContain('User Gate');
      expect(fields.data.every((x) => x.fieldId !== '')).toBe(true);
    });

    it('creates records in order, updates them, and reads them back as written', async () => {
      const f = await open();
      const id = await table(f);
      const created = await f.api.batchCreate(f.appToken, id, [row('a'), row('b')], '6f1c2a4e-0000-4000-a000-000000000001');
      if (!created.ok) throw new Error(created.kind);
      expect(created.data.map((r) => r.fields['LoopX id'])).toEqual(['a', 'b']);
      expect(await f.api.batchUpdate(f.appToken, id, [{ recordId: created.data[1]!.recordId, fields: { Lane: 'Done' } }])).toEqual({ ok: true, data: null });
      const listed = await f.api.listRecords(f.appToken, id, null);
      if (!listed.ok) throw new Error(listed.kind);
      const b = listed.data.records.find((r) => r.recordId === created.data[1]!.recordId)!;
      for (const [field, value] of Object.entries({ ...row('b'), Lane: 'Done' })) expect(canonicalCell(baseSchema('en'), field, b.fields[field])).toEqual(canonicalCell(baseSchema('en'), field, value));
    });

    it('a repeated create with the same client token creates nothing new', async () => {
      const f = await open();
      const id = await table(f);
      const token = '6f1c2a4e-0000-4000-a000-000000000002';
      const first = await f.api.batchCreate(f.appToken, id, [row('x')], token);
      const again = await f.api.batchCreate(f.appToken, id, [row('x')], token);
      expect(first.ok && again.ok && again.data[0]?.recordId).toBe(first.ok ? first.data[0]?.recordId : 'none');
      const listed = await f.api.listRecords(f.appToken, id, null);
      expect(listed.ok && listed.data.records).toHaveLength(1);
    });

    it('pages through more records than one page holds', async () => {
      const f = await open();
      const id = await table(f);
      await f.api.batchCreate(f.appToken, id, Array.from({ length: 500 }, (_, i) => row(`p${i}`)), '6f1c2a4e-0000-4000-a000-000000000003');
      await f.api.batchCreate(f.appToken, id, [row('last')], '6f1c2a4e-0000-4000-a000-000000000004');
      const first = await f.api.listRecords(f.appToken, id, null);
      if (!first.ok) throw new Error(first.kind);
      expect(first.data.records).toHaveLength(500);
      expect(first.data.next).not.toBeNull();
      const second = await f.api.listRecords(f.appToken, id, first.data.next);
      expect(second.ok && second.data).toMatchObject({ records: [{ fields: expect.anything() }], next: null });
    });

    it('answers a deleted record, a missing Base and a rate limit as values', async () => {
      const f = await open();
      const id = await table(f);
      expect(await f.api.batchUpdate(f.appToken, id, [{ recordId: 'recGone', fields: { Lane: 'Done' } }])).toMatchObject({ ok: false, kind: 'record_gone' });
      expect(await f.api.getApp('bascnMissing0000')).toMatchObject({ ok: false, kind: 'refused', code: 1254040 });
      f.rateLimitNext(4);
      expect(await f.api.listRecords(f.appToken, id, null)).toMatchObject({ ok: false, kind: 'rate_limited', retryAfterMs: 4000 });
    });
  });
}
