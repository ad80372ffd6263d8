import { parseArgs } from 'node:util';
import { email as emailSchema } from '@earn/domain';
import { OPERATOR_ROLES, type OperatorRole } from '../../accounts/operators/guard';
import { loadConfig } from '../../config';
import { type Database, type Db, openDatabase } from '../../infra/db/client';
import { operatorAudit } from '../../infra/db/schema';
import { type Clock, SystemClock, TestClock } from '../../infra/jobs/clock';
import { DomainError } from '../../kernel/errors';
import { createOperator, operatorView } from '../../operator/accounts';

// `npm run operator:create -- --email a@b.c [--role admin]`: the first admin (or any operator) from a
// shell with the database's configuration. Prints the password and TOTP secret, shown this once.
// The audit trail records the actor `cli`: whoever runs it holds the database, not the token.

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function parse(): { email: string; role: OperatorRole } {
  let values: { email?: string; role?: string };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, role: { type: 'string', default: 'admin' } },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\nusage: npm run operator:create -- --email a@b.c [--role admin]`);
  }
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) fail('usage: npm run operator:create -- --email a@b.c [--role viewer|operator|admin]');
  const role = OPERATOR_ROLES.find((r) => r === values.role);
  if (!role) fail(`--role must be one of ${OPERATOR_ROLES.join(', ')}, got '${values.role}'`);
  return { email: email.data, role };
}

const args = parse();
const config = loadConfig();
let database: Database | undefined;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    preparedStatements: config.databasePreparedStatements,
    dataDir: config.dataDir,
  });
  // On a database no server has started yet, the tables come first (under the same advisory lock).
  await database.migrate();
  const clock: Clock = config.clock === 'test' ? await TestClock.open(database.db) : new SystemClock();
  const at = clock.now();
  const created = await database.db.transaction(async (t) => {
    const tx: Db = t;
    const made = await createOperator(tx, { ...args, at });
    const view = operatorView(made.row);
    await tx.insert(operatorAudit).values({
      at,
      actor: 'cli',
      actorId: null,
      role: 'admin',
      action: 'operator.create',
      target: `operator:${view.id}`,
      before: null,
      after: { email: view.email, role: view.role, disabled: view.disabled },
    });
    return made;
  });
  process.stdout.write(
    [
      `operator created: ${created.row.email} (id ${created.row.id}, role ${created.row.role})`,
      `password: ${created.password}`,
      `totp secret: ${created.totpSecret}`,
      `otpauth url: ${created.otpauthUrl}`,
      'The password and the secret are shown this once: add the secret to an authenticator app now.',
      '',
    ].join('\n'),
  );
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  // A taken email: one clear line, exit 1.
  process.stderr.write(`operator:create: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  await database?.close();
}
