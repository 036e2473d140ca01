// Generates the Prisma client. The schema-engine binary cannot be downloaded on these
// machines and `generate` does not need it, so point Prisma at any existing file.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
if (!existsSync('prisma/schema.prisma')) process.exit(0);
const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.platform === 'win32' ? process.execPath : '/bin/false';
env.PRISMA_HIDE_UPDATE_MESSAGE = '1';
execSync('npx prisma generate', { stdio: 'inherit', env });
