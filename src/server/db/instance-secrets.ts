import type { Db } from './connection.ts';

/**
 * Rows that belong to this server, not to the league's data: the embedded sign-in's signing key and cookie keys
 * (settings whose key starts with oidc_) and its sessions and refresh tokens (oidc_models). A database handed out
 * leaves them behind, so a copied file cannot be used to mint tokens for this server; a database uploaded keeps this
 * server's own, so nobody is signed out and a file from elsewhere cannot plant a signing key.
 */
export const INSTANCE_SETTINGS = "key GLOB 'oidc_*'";
export const INSTANCE_TABLES: readonly string[] = ['oidc_models'];

/** Deletes this server's secrets from a copy of its database. */
export function removeInstanceSecrets(copy: Db): void {
  copy.exec(`DELETE FROM settings WHERE ${INSTANCE_SETTINGS}`);
  for (const table of INSTANCE_TABLES) copy.exec(`DELETE FROM ${table}`);
}
