/** @module Prefixed, readable ids (STYLE.md 6). */
import { customAlphabet } from "nanoid";

const random = customAlphabet("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", 16);

export type IdPrefix =
  | "acc"
  | "key"
  | "sub"
  | "bkt"
  | "led"
  | "grt"
  | "qry"
  | "reg"
  | "doc"
  | "chk"
  | "crt"
  | "res"
  | "ev"
  | "rev"
  | "req"
  | "usr"
  | "inv"
  | "ses"
  | "aud";

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${random()}`;
}
