// A multipart/form-data body for app.inject, encoded by the platform's own FormData as a browser sends it.

export interface FormFile {
  name: string;
  bytes: Buffer;
  /** The part's field name (default `file`). */
  field?: string;
  type?: string;
}

export async function formData(
  fields: Record<string, string>,
  file?: FormFile,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file !== undefined)
    form.append(
      file.field ?? 'file',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
