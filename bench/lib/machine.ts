import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { chromeVersion } from './chrome';
import { ROOT } from './paths';

export interface MachineInfo {
  date: string;
  commit: string;
  /** Files of the working tree that differ from the commit (others may be editing src/ concurrently). */
  uncommittedFiles: number;
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  chromium: string;
  /** 1-minute load average when the bench started and when it ended (other work on the machine skews figures). */
  loadAverage: { start: number; end: number | null };
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function machineInfo(): MachineInfo {
  // bench/ itself (the report being written) does not count.
  const status = git(['status', '--porcelain', '--', '.', ':(exclude)bench']);
  return {
    date: new Date().toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']) || 'unknown',
    uncommittedFiles: status ? status.split('\n').length : 0,
    nproc: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: chromeVersion(),
    loadAverage: { start: Math.round(loadavg()[0] * 100) / 100, end: null },
  };
}

export function currentLoadAverage(): number {
  return Math.round(loadavg()[0] * 100) / 100;
}
