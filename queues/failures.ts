/**
 * @module Which task and unit of work a pipeline message is, for the failures the operator's status
 * lists (worker/db/step-failures.ts): one key per message, the same on every redelivery, so a
 * message's failures and its dead-lettering land on one row.
 */
import type { FailedMessage } from "../worker/db/step-failures";
import { NO_SHARD } from "../worker/observability/signals";
import type { PipelineMessage } from "./messages";

export function failedMessage(message: PipelineMessage): FailedMessage {
  const { accountId } = message;
  switch (message.type) {
    case "list":
      return { messageKey: `list:${message.queryId}`, taskKind: "query", taskId: message.queryId, accountId, step: "list" };
    case "document":
      return {
        messageKey: `document:${message.queryId}:${message.registrationId}`,
        taskKind: "query",
        taskId: message.queryId,
        accountId,
        step: "document",
      };
    case "index":
      return {
        messageKey: `index:${message.queryId}:${message.registrationId}`,
        taskKind: "query",
        taskId: message.queryId,
        accountId,
        step: "index",
      };
    case "check":
      return { messageKey: `check:${message.checkId}:${message.offset ?? 0}`, taskKind: "check", taskId: message.checkId, accountId, step: "check" };
    case "move":
      return {
        messageKey: `move:${accountId}:${message.phase}:${message.table}:${message.after}`,
        taskKind: "move",
        taskId: accountId,
        accountId,
        step: "move",
      };
  }
}

/** The registration a dead-lettered document message was for (its key: `document:<query>:<registration>`). */
export function registrationOfKey(messageKey: string): string | null {
  const [type, , registrationId] = messageKey.split(":");
  return type === "document" && registrationId ? registrationId : null;
}

/** The shard a message's step runs on, as the step signal names it (a move names both). */
export function shardLabel(message: PipelineMessage, shard: number | null): string {
  if (message.type === "move") return `${message.from}>${message.to}`;
  return shard === null ? NO_SHARD : String(shard);
}
