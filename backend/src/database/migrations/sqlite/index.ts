import { SeedDefaults1795304200000 } from '../seed-defaults';
import { Initial1795304099904 } from './1795304099904-Initial';

/** In order; each runs once per database. */
export const SQLITE_MIGRATIONS = [Initial1795304099904, SeedDefaults1795304200000];
