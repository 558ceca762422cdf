/**
 * @module Progress of running tasks. On a terminal: one bar per task, redrawn in place, each line
 * fitted to the terminal's width. Otherwise (a pipe, a log, a test): one line whenever a task's
 * state or progress changes.
 */
import { displayWidth, progressBar, truncate } from "./render.ts";

export interface Output {
  write(text: string): void;
  isTTY?: boolean;
  /** The terminal's width in columns, when it is a terminal that says. */
  columns?: number;
}

/** What a terminal that does not say its width is assumed to have. */
const DEFAULT_COLUMNS = 80;
const LABEL_WIDTH = 28;
const BAR_WIDTH = 24;

export interface TaskProgress {
  id: string;
  label: string;
  state: string;
  done: number;
  total: number;
}

export class ProgressBoard {
  private readonly tasks = new Map<string, TaskProgress>();
  private readonly printed = new Map<string, string>();
  private drawnLines = 0;
  private readonly out: Output;
  private readonly unit: string;

  constructor(out: Output, unit: string) {
    this.out = out;
    this.unit = unit;
  }

  update(task: TaskProgress): void {
    this.tasks.set(task.id, task);
    if (this.out.isTTY) return this.redraw();
    const line = this.line(task);
    if (this.printed.get(task.id) === line) return;
    this.printed.set(task.id, line);
    this.out.write(`${line}\n`);
  }

  /** Leaves the bars on screen as they are and moves below them. */
  finish(): void {
    this.drawnLines = 0;
  }

  private line(task: TaskProgress, labelWidth = LABEL_WIDTH, barWidth = BAR_WIDTH, unit = this.unit): string {
    const progress =
      task.total > 0 ? progressBar(task.done, task.total, barWidth, unit) : `[${"·".repeat(barWidth)}] ${unit || "total"} not known yet`;
    return `${task.id}  ${truncate(task.label, labelWidth)}  ${progress}  ${task.state}`;
  }

  /**
   * The line within the terminal's width, less one column: a line that fills or overflows the
   * width wraps (or leaves the cursor in the last column), and the cursor-up of the next redraw then
   * counts too few rows, so the bars climb the screen. Shrinks the label, then the bar, then drops
   * the unit, and cuts what is still too wide.
   */
  private fitted(task: TaskProgress): string {
    const room = Math.max(20, (this.out.columns ?? DEFAULT_COLUMNS) - 1);
    for (const [label, bar, unit] of [
      [LABEL_WIDTH, BAR_WIDTH, this.unit],
      [16, 16, this.unit],
      [12, 10, this.unit],
      [10, 8, ""],
    ] as const) {
      const line = this.line(task, label, bar, unit);
      if (displayWidth(line) <= room) return line;
    }
    return truncate(this.line(task, 8, 6, ""), room);
  }

  private redraw(): void {
    let text = this.drawnLines > 0 ? `\x1b[${this.drawnLines}A` : "";
    for (const task of this.tasks.values()) text += `\x1b[2K${this.fitted(task)}\n`;
    this.drawnLines = this.tasks.size;
    this.out.write(text);
  }
}
