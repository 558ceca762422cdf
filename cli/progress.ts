/**
 * @module Progress of running tasks. On a terminal: one bar per task, redrawn in place. Otherwise
 * (a pipe, a log, a test): one line whenever a task's state or progress changes.
 */
import { progressBar, truncate } from "./render.ts";

export interface Output {
  write(text: string): void;
  isTTY?: boolean;
}

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

  private line(task: TaskProgress): string {
    const progress = task.total > 0 ? progressBar(task.done, task.total, 24, this.unit) : `[${"·".repeat(24)}] ${this.unit} not known yet`;
    return `${task.id}  ${truncate(task.label, 28)}  ${progress}  ${task.state}`;
  }

  private redraw(): void {
    let text = this.drawnLines > 0 ? `\x1b[${this.drawnLines}A` : "";
    for (const task of this.tasks.values()) text += `\x1b[2K${this.line(task)}\n`;
    this.drawnLines = this.tasks.size;
    this.out.write(text);
  }
}
