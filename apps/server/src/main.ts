/**
 * CLI entry: `start` (migrate, seed, listen), `migrate`, `seed`, `create-admin`, `reset-password <username>
 * <new-password>` (cli/server.ts), `backup <file> [--force]` and `restore <file>` (cli/backup.ts) and
 * `cron next|check|vectors` (cli/cron.ts). Each loads only its own code: a cron check answers without loading the
 * server.
 */
async function main(argv: string[]): Promise<void> {
  const [command = 'start', ...args] = argv;
  if (command === 'cron') {
    const { cronCommand } = await import('./cli/cron.ts');
    process.exitCode = cronCommand(args);
    return;
  }
  const { runServerCommand } = await import('./cli/server.ts');
  await runServerCommand(command, args);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
