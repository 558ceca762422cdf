/**
 * @module The console's reads count in a window of their own per account (RATE_LIMITS.console),
 * apart from the keys': an integration's burst never answers the analysts 429, nor the reverse.
 */
import { admitting } from "../../middleware/rate-limit";

export const admitConsoleRead = admitting("console");
