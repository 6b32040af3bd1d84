import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { type Goal, meets } from './scenario';

export interface GoalOutcome extends Goal {
  value: number | null;
  /** null when the number could not be measured: the report says why in `error` or `notes`. */
  pass: boolean | null;
}

export interface SectionReport {
  id: string;
  name: string;
  goals: GoalOutcome[];
  metrics: Record<string, number>;
  notes: string[];
  details?: unknown;
  error?: string;
  seconds: number;
}

export interface BenchReport {
  generatedOn: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverageAtStart: number[] };
  settings: Record<string, string | number>;
  database: Record<string, string | number>;
  sections: SectionReport[];
  summary: { goals: number; met: number; missed: number; notMeasured: number };
}

export function outcomes(goals: Goal | Goal[], metrics: Record<string, number>): GoalOutcome[] {
  return (Array.isArray(goals) ? goals : [goals]).map((g) => {
    const value = metrics[g.metric];
    return { ...g, value: value ?? null, pass: meets(g, value) };
  });
}

export function machineInfo(): BenchReport['machine'] {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function summarize(sections: SectionReport[]): BenchReport['summary'] {
  const all = sections.flatMap((s) => s.goals);
  return {
    goals: all.length,
    met: all.filter((g) => g.pass === true).length,
    missed: all.filter((g) => g.pass === false).length,
    notMeasured: all.filter((g) => g.pass === null).length,
  };
}

export const fmt = (v: number, unit: string) => `${Math.round(v * 100) / 100}${unit ? ` ${unit}` : ''}`;
const verdict = (pass: boolean | null) => (pass === null ? 'NOT MEASURED' : pass ? 'met' : 'MISSED');

export function toMarkdown(report: BenchReport): string {
  const lines: string[] = [];
  lines.push('# Portico benchmark report', '');
  lines.push(
    `Generated ${report.generatedOn} on ${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}, load average at start ${report.machine.loadAverageAtStart.join(' / ')}.`,
  );
  lines.push(
    `Settings: ${Object.entries(report.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}.`,
  );
  lines.push(
    `Database: ${Object.entries(report.database)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')}.`,
    '',
  );
  const s = report.summary;
  lines.push(
    `**${s.met} of ${s.goals} goals met, ${s.missed} missed, ${s.notMeasured} not measured.** These are reported numbers, not test assertions.`,
    '',
  );
  lines.push('| Section | Goal | Measured | Result |', '|---|---|---|---|');
  for (const section of report.sections) {
    if (section.goals.length === 0) lines.push(`| ${section.name} | — | ${section.error ? `error: ${section.error}` : '—'} | |`);
    for (const g of section.goals)
      lines.push(
        `| ${section.name} | ${g.label} (${g.op} ${fmt(g.target, g.unit)}) | ${g.value === null ? 'not measured' : fmt(g.value, g.unit)} | ${verdict(g.pass)} |`,
      );
  }
  for (const section of report.sections) {
    lines.push('', `## ${section.name}`, '');
    if (section.error) lines.push(`Error: \`${section.error}\``, '');
    const metrics = Object.entries(section.metrics);
    if (metrics.length > 0) {
      lines.push('| Metric | Value |', '|---|---|');
      for (const [k, v] of metrics) lines.push(`| ${k} | ${Math.round(v * 100) / 100} |`);
      lines.push('');
    }
    for (const note of section.notes) lines.push(`- ${note}`);
    lines.push(`- Took ${section.seconds.toFixed(1)} s.`);
  }
  return `${lines.join('\n')}\n`;
}

export function writeReport(report: BenchReport, jsonPath: string, mdPath: string): void {
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(mdPath, toMarkdown(report));
}
