/** @module Request logic every list endpoint shares: the page it asks for, and enum-list filters checked against their value sets. */
import { validationError } from "../errors";

export function pagination(query: { page?: string; pageSize?: string }): { page: number; pageSize: number; offset: number } {
  const page = query.page ? Number(query.page) : 1;
  const pageSize = query.pageSize ? Number(query.pageSize) : 20;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * A filter given as repeated parameters and/or comma lists ("a,b" or a=…&a=…): the distinct values,
 * each one of `allowed`, else 400 naming the parameter.
 */
export function enumList<T extends string>(name: string, raw: string | string[] | undefined, allowed: readonly T[]): T[] {
  if (raw === undefined) return [];
  const values = (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  const known: readonly string[] = allowed;
  if (values.some((v) => !known.includes(v)))
    throw validationError([{ path: name, code: "INVALID_CHOICE", message: `Must be among: ${allowed.join(", ")}.` }]);
  return [...new Set(values)] as T[];
}
