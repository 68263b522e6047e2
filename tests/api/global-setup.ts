import type { TestProject } from "vitest/node";
import { buildDatabaseImages, removeDatabaseImages } from "./database-images";

// Once per run, before any worker starts: the seeded database images every API test file clones (see setup.ts).
export default async function setup(project: TestProject) {
  const images = await buildDatabaseImages(process.env.TEST_DATABASE_URL || undefined);
  project.provide("apiDatabaseImages", images);
  return () => removeDatabaseImages(images);
}
