/**
 * @module Invitations that prove the address (console-api.md, Users and roles). Another account's owner
 * can invite any address; when the link goes back to the inviter, the address is never proven (the
 * inviter may accept it and hold a user who seems to be someone else). With a send_email binding named
 * INVITE_EMAIL and INVITE_EMAIL_FROM set, an invitation made in the console is emailed to the invited
 * address and the inviter never sees the link; a user who accepts it has proven the address
 * (`emailProven`). Without them, the link goes to the inviter as before and the console says the
 * address was not proven. The operator's invitations (management API) always answer the link: the
 * operator bootstraps an account's first owner.
 */
import { readConfig } from "../config";
import { ApiError } from "../errors";
import { INVITE_VALIDITY_MS } from "../domain/invitation";

export interface InvitationMailer {
  binding: SendEmail;
  from: string;
}

/** The mailer when the deployment has one (the binding and its sender), else null. */
export function invitationMailer(env: Env): InvitationMailer | null {
  const from = readConfig(env).inviteEmailFrom;
  return env.INVITE_EMAIL && from ? { binding: env.INVITE_EMAIL, from } : null;
}

/** RFC 2047 encoded-word: a header value in UTF-8 that any mail reader shows (names, account names in Chinese). */
function encodedWord(text: string): string {
  return `=?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(text)))}?=`;
}

/** Base64 of UTF-8, in lines of 76 (RFC 2045 §6.8). */
function base64Lines(text: string): string {
  const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(text)));
  return encoded.match(/.{1,76}/g)!.join("\r\n");
}

/** The invitation as an RFC 5322 message: plain text in both languages, the link once. */
export function invitationMessage(invitation: { from: string; to: string; link: string; accountName: string; messageId: string }): string {
  const hours = INVITE_VALIDITY_MS / 3_600_000;
  const body = [
    `您受邀加入 ${invitation.accountName} 的动产登记查询控制台。打开以下链接设置密码（${hours} 小时内有效，只能使用一次）：`,
    "",
    invitation.link,
    "",
    `You are invited to the registry console of ${invitation.accountName}. Open the link above to set your password (valid ${hours} hours, once).`,
    "If you did not expect this invitation, ignore this email: nothing happens without the link.",
  ].join("\r\n");
  return [
    `From: ${invitation.from}`,
    `To: ${invitation.to}`,
    `Subject: ${encodedWord(`控制台邀请 · Console invitation · ${invitation.accountName}`)}`,
    `Message-ID: <${invitation.messageId}>`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="UTF-8"',
    "Content-Transfer-Encoding: base64",
    "",
    base64Lines(body),
    "",
  ].join("\r\n");
}

/** Sends the link to the address; 503 when the mail service refuses it (the owner may send a new invitation). */
export async function sendInvitation(mailer: InvitationMailer, to: string, link: string, accountName: string, inviteId: string): Promise<void> {
  const domain = mailer.from.split("@")[1] ?? "invalid";
  const raw = invitationMessage({ from: mailer.from, to, link, accountName, messageId: `${inviteId}@${domain}` });
  // Imported here, not at the top: the OpenAPI dump (scripts/openapi-dump.mjs) loads this module in Node.
  const { EmailMessage } = await import("cloudflare:email");
  try {
    await mailer.binding.send(new EmailMessage(mailer.from, to, raw));
  } catch (error) {
    // Not the error's text: it may carry the address.
    console.error("an invitation email was not accepted by the mail service", error instanceof Error ? error.name : "unknown");
    throw new ApiError("SERVICE_UNAVAILABLE", { message: "The invitation email could not be sent. Send a new invitation later." });
  }
}
