import { awsConfigUploadSchema, type AwsConfigUpload } from "@/lib/sites/schema";

/**
 * SPEC §5: an AWS configuration file is plain text with a .txt extension. Null when the file cannot be read or is
 * not one (the caller shows "Error reading config from file, …").
 */
export async function readAwsConfigFile(file: Blob & { name: string }): Promise<AwsConfigUpload | null> {
  if (file.type && file.type !== "text/plain") return null;
  let content: string;
  try {
    content = await file.text();
  } catch {
    return null;
  }
  const parsed = awsConfigUploadSchema.safeParse({ fileName: file.name, content });
  return parsed.success ? parsed.data : null;
}
