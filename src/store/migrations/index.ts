import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_gates_quota.js';
import * as m0003 from './0003_projection.js';
import * as m0004 from './0004_lark.js';
import * as m0005 from './0005_jobs.js';
import * as m0006 from './0006_web.js';
import * as m0007 from './0007_post_started.js';
import * as m0008 from './0008_lanes.js';
import * as m0009 from './0009_spend_of_evidence.js';
import * as m0010 from './0010_gate_read_indexes.js';
import * as m0011 from './0011_gate_authority.js';
import * as m0012 from './0012_serve_leases.js';
import * as m0013 from './0013_security.js';
import * as m0014 from './0014_agent_wake.js';
import * as m0015 from './0015_lark_base.js';
import * as m0016 from './0016_reach.js';
import * as m0017 from './0017_monitors_handoffs.js';
import * as m0018 from './0018_locale.js';
import * as m0019 from './0019_bilingual.js';
import * as m0020 from './0020_base_locale.js';

/** Every migration, by name; names sort in the order they run. Append new files here, never edit old ones. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_foundation': m0001,
  '0002_gates_quota': m0002,
  '0003_projection': m0003,
  '0004_lark': m0004,
  '0005_jobs': m0005,
  '0006_web': m0006,
  '0007_post_started': m0007,
  '0008_lanes': m0008,
  '0009_spend_of_evidence': m0009,
  '0010_gate_read_indexes': m0010,
  '0011_gate_authority': m0011,
  '0012_serve_leases': m0012,
  '0013_security': m0013,
  '0014_agent_wake': m0014,
  '0015_lark_base': m0015,
  '0016_reach': m0016,
  '0017_monitors_handoffs': m0017,
  '0018_locale': m0018,
  '0019_bilingual': m0019,
  '0020_base_locale': m0020,
};
