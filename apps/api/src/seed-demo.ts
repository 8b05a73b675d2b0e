import { openDatabase } from '@ats/db/connection';
import pino from 'pino';
import { seedDemoAccount } from './demo-seed.ts';
import { loadConfig } from './platform/config.ts';

/** `npm run seed:demo`: creates (or shows) the demo account in DATA_DIR or DATABASE_URL. */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await seedDemoAccount(database, config, pino({ level: 'warn' }));
} finally {
  await database.close();
}
