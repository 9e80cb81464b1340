// Generated from Lectern's OpenAPI document by scripts/web-client-types.mjs (run by
// scripts/build.mjs). Do not edit: change the route schemas in packages/lectern instead.

export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness (no token needed) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/auth/codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a single-use login code for the web workspace (valid 60 s) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 201 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Single use; worth one exchange within `expires_in` seconds */
                            code: string;
                            /** @description The web workspace of this instance with the code in its fragment (`/#code=…`), which no server ever receives */
                            url: string;
                            /** @description Seconds (60) */
                            expires_in: number;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/auth/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trade a login code for the bearer token (no token; only from this instance's own Origin)
         * @description An unknown, used or expired code answers 401; a request without this instance's own Origin answers 403 origin_denied.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        code: string;
                    };
                };
            };
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The bearer token of this instance */
                            token: string;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current class and its input source */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            session: components["schemas"]["Session"] | null;
                            source: string | null;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sessions, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The `next_before` cursor of the previous page */
                    before?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Session"][];
                            next_before: string | null;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Start a class (one may be current at a time) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description Trimmed; blank (after trimming) means the default
                         * @default Untitled class
                         */
                        course_name?: string;
                        /** @default text */
                        source?: "text" | "browser" | "microphone" | "remote";
                        material_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description HTTP 201 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One session */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a session's course material (any status)
         * @description Unknown material_id → 404 and nothing changes.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The material answers are grounded in; null for none */
                        material_id: string | null;
                    };
                };
            };
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v2/sessions/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause recording (idempotent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume recording (idempotent) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop the class (final; idempotent)
         * @description `summary_task_id` names the summary started by auto-summary, or null when none was started.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            course_name: string;
                            source: "text" | "browser" | "microphone" | "remote" | "import";
                            material_id: string | null;
                            status: "starting" | "recording" | "paused" | "stopped" | "interrupted" | "error";
                            /** Format: date-time */
                            created_at: string;
                            ended_at: string | null;
                            entry_count: number;
                            summary_task_id: string | null;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Entries in ascending id order */
        get: {
            parameters: {
                query?: {
                    after_id?: number;
                    limit?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Entry"][];
                            next_after_id: number | null;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Append a transcript entry
         * @description Idempotent per (session, source_id): the same text again answers 200 with the stored entry and sends no event; different text is a 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Trimmed before the length check */
                        text: string;
                        /** @description Idempotency key within the session */
                        source_id: string;
                    };
                };
            };
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Entry"];
                    };
                };
                /** @description HTTP 201 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Entry"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The transcript as text/plain, one `ISO-time<TAB>text` line per entry, streamed */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": unknown;
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}/assistant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the assistant: rescue, catchup, summary or followup
         * @description Answers 202 with the queued task; the answer streams as assistant.delta events and ends with assistant.finished. One active task per (session, kind) and four overall (409 beyond). Allowed on stopped classes.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        kind: "rescue" | "catchup" | "summary" | "followup";
                        /** @description Trimmed before the length check; required for followup */
                        question?: string;
                        /** @description An earlier task of the same session whose answer this follows up */
                        parent_id?: string;
                        history?: {
                            role: "user" | "assistant";
                            content: string;
                        }[];
                        recent_minutes?: number;
                    };
                };
            };
            responses: {
                /** @description HTTP 202 */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Task"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/assistant/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Task"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Cancel a task (idempotent; a finished task is returned unchanged) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Task"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/assistant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tasks, newest first (optionally of one session) */
        get: {
            parameters: {
                query?: {
                    session_id?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Task"][];
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/assistant/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the configured model with a fixed short prompt (no class data)
         * @description On failure answers 503 with {error, message, ok:false, error_code, provider, model, first_token_ms:null, total_ms}.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            ok: true;
                            provider: string;
                            model: string;
                            first_token_ms: number;
                            total_ms: number;
                        };
                    };
                };
                /** @description HTTP 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * @description Machine-readable code
                             * @enum {string}
                             */
                            error: "bad_request" | "unauthorized" | "origin_denied" | "host_denied" | "not_found" | "invalid_state" | "too_large" | "unsupported_media_type" | "invalid_request" | "internal_error" | "missing_key" | "invalid_key" | "rate_limited" | "invalid_model" | "provider_unavailable" | "timeout" | "connection_failed" | "invalid_response" | "incomplete_response" | "response_too_large" | "model_unavailable" | "device_unavailable" | "storage_error";
                            message: string;
                            /** @constant */
                            ok: false;
                            error_code: string;
                            provider: string;
                            model: string;
                            first_token_ms: null;
                            total_ms: number;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}/summaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A class's notes, newest first */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Note"][];
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/summaries/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A note as a Markdown file */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/markdown": unknown;
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/materials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Materials without their text, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description The `next_before` cursor of the previous page */
                    before?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["MaterialSummary"][];
                            next_before: string | null;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Upload a course material (multipart field `file`: PDF, PPTX, DOCX, TXT or Markdown, ≤ 25 MiB)
         * @description The format is sniffed from the content. 415 for formats Lectern does not read (legacy .ppt/.doc too); 422 for a file of a format it reads that cannot be read, including a .pdf, .pptx or .docx name whose content is not such a file (truncated, damaged), with `detail[0].type` naming the reason (corrupt, no_text, encrypted, too_many_pages, too_many_characters, archive_too_many_entries, archive_too_large, archive_suspicious_ratio, streams_too_large, streams_suspicious_ratio, timeout, out_of_memory). Nothing is stored when the upload is refused.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 201 */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Material"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/materials/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One material with its text and pages */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Material"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a material; sessions that used it keep working without it */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MaterialSummary"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Lectern 1.x data folder (explicit only; idempotent by content)
         * @description Reads class_transcript.txt (a stopped `import` session, its rolling summary a note), summaries/*.md (a session with one note each) and cite/*.txt (materials). Symlinks, files resolving outside the folder, files over 20 MiB and undecodable files are skipped and listed. One transaction: a failure imports nothing. A missing or unreadable folder → 422.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Absolute path of a Lectern 1.x data folder */
                        directory: string;
                    };
                };
            };
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The session made from class_transcript.txt, by this import or, for a transcript imported before, by the earlier one; null without a transcript */
                            session_id: string | null;
                            /** @description New materials (cite/*.txt) */
                            materials: number;
                            /** @description New notes (the rolling summary, summaries/*.md) */
                            notes: number;
                            /** @description Relative paths not read: symlinks, outside the folder, over 20 MiB, undecodable or without text */
                            skipped_files: string[];
                            /** @description Files skipped because an earlier import already carried them over */
                            already_imported: number;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/import-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Lectern 1.x .env file (settings into a fresh profile, keys not yet stored)
         * @description Not `*.example`, at most 128 KiB, else 422. Placeholders are skipped; saved settings and stored or environment-provided keys win; an invalid setting value → 422 and nothing is imported. The file is only read.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Absolute path of a Lectern 1.x `.env` file (not `*.example`) */
                        path: string;
                    };
                };
            };
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            settings_imported: boolean;
                            credential_names: string[];
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The full settings */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Settings"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change any subset of the settings; answers the full settings
         * @description Sections merge field by field; `appearance` and lists are replaced whole. Sending back what GET returned changes nothing and sends no event. ClassFox 2.0 names are accepted: `version` (ignored), top-level `keywords`/`warning_keywords`, `llm.managed`, extra `asr.*` fields (kept for round trip).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        llm?: {
                            /**
                             * @description `builtin`: offline assistant; `byok`: an OpenAI-compatible endpoint; `local`: a manifest model
                             * @enum {string}
                             */
                            mode?: "builtin" | "byok" | "local";
                            /** @description https, or http for a loopback host; no user info, query or fragment; a trailing `/` is stripped */
                            base_url?: string;
                            model?: string;
                            timeout_seconds?: number;
                            context_characters?: number;
                            local_model_id?: string;
                            /** @description ClassFox 2.0: true means `mode: builtin`, false `byok`, unless `mode` is given */
                            managed?: boolean;
                        };
                        asr?: {
                            model_id?: string;
                            language?: string;
                        } & {
                            [key: string]: string | number | boolean | null;
                        };
                        alerts?: {
                            /** @description Trimmed, blanks dropped, de-duplicated in order; matched case-insensitively */
                            danger_keywords?: string[];
                            /** @description Trimmed, blanks dropped, de-duplicated in order; matched case-insensitively */
                            warning_keywords?: string[];
                        };
                        auto_summary?: boolean;
                        /** @description UI preferences, stored as given (at most 16384 bytes of JSON); a PUT replaces the whole object */
                        appearance?: Record<string, never>;
                        models?: {
                            /** @description Base URL replacing the model manifest's host (a mirror), or null; https, or http for a loopback host; no user info, query or fragment; a trailing `/` is stripped */
                            mirror_url?: string | null;
                        };
                        security?: {
                            /** @description Extra origins allowed besides the built-in ones, each `scheme://host[:port]` */
                            allowed_origins?: string[];
                        };
                        /** @description ClassFox 2.0 preferences version; ignored */
                        version?: unknown;
                        /** @description ClassFox 2.0 name of `alerts.danger_keywords` */
                        keywords?: string[];
                        /** @description ClassFox 2.0 name of `alerts.warning_keywords` */
                        warning_keywords?: string[];
                    };
                };
            };
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Settings"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which credentials are configured (never their values) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                name: string;
                                configured: boolean;
                                /** @description Provided by the environment (`LECTERN_<NAME>_KEY`); PUT and DELETE answer 409 */
                                read_only: boolean;
                                updated_at: string | null;
                            }[];
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/credentials/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether one credential is configured (never its value) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description One of llm, asr, dashscope, seed_app, seed_access, seed_api; any other name is a 404 */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            configured: boolean;
                            /** @description Provided by the environment (`LECTERN_<NAME>_KEY`); PUT and DELETE answer 409 */
                            read_only: boolean;
                            updated_at: string | null;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Store a credential (write-only, encrypted at rest)
         * @description A credential provided by the environment (`LECTERN_<NAME>_KEY`) answers 409 invalid_state.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description One of llm, asr, dashscope, seed_app, seed_access, seed_api; any other name is a 404 */
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Write-only; trimmed; visible ASCII characters only (keys travel in HTTP headers). Never returned or logged */
                        value: string;
                    };
                };
            };
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            configured: boolean;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Forget a stored credential (idempotent)
         * @description A credential provided by the environment answers 409 invalid_state.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description One of llm, asr, dashscope, seed_app, seed_access, seed_api; any other name is a 404 */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            configured: boolean;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The manifest's models and where each installation stands */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Model"][];
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/models/runtime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness of the speech recogniser and the local LLM engines */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ModelRuntime"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/models/{id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Warm an installed model (concurrent calls share one start)
         * @description Checks the installed files against their recorded digests and loads the model; answers once it is ready. Not installed, or failing to load: 503 model_unavailable. A model unused for the idle time (LECTERN_MODEL_IDLE_SECONDS, default 15 minutes) is unloaded again; `models.runtime` events follow every change.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @constant */
                            status: "ready";
                            model_id: string;
                            /** @description The prompt budget the model holds, in characters (0 for a recogniser) */
                            context_characters: number;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/models/{id}/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Install a model (idempotent while running)
         * @description Checks free space (twice what is left to download plus 256 MiB; 503 storage_error when short), then downloads with resume, verifies, moves into place and probes in the background: follow `model.installation` events or GET /models. A system-package model answers 409.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 202 */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Model"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /** Cancel an installation at once (the partial download is kept for the next install) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Model"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an installed model's files (409 while it is being installed, started or answering) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Model"];
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/audio/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Input devices (PulseAudio sources, else ALSA); an empty list where none exist, 503 device_unavailable when the query fails */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description What asr.device_id takes */
                                id: string;
                                name: string;
                                default: boolean;
                            }[];
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/sessions/{id}/audio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transcribe an audio clip into the class (multipart `file`: PCM WAV 16-bit, mono or stereo, 8–48 kHz, ≤ 30 s; field `source_id`)
         * @description Order of checks: decode (422, `detail[0].type` one of invalid_wav, unsupported_format, too_long, empty) → session (404) → receipt (same source_id and same PCM sha256 → 200 duplicate, even after stop; different audio → 409) → recording (409; microphone classes take no clips) → transcribe (503 model_unavailable). Silence or a repeat of recent lines → `entry: null`. Nothing is written if the class stops during transcription (409).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description HTTP 200 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description The entry the clip became; null for silence or a repeat of recent lines */
                            entry: components["schemas"]["Entry"] | null;
                            /** @description True when this source_id was already accepted with the same audio (a retry) */
                            duplicate: boolean;
                        };
                    };
                };
                /** @description Error envelope */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /**
             * @description Machine-readable code
             * @enum {string}
             */
            error: "bad_request" | "unauthorized" | "origin_denied" | "host_denied" | "not_found" | "invalid_state" | "too_large" | "unsupported_media_type" | "invalid_request" | "internal_error" | "missing_key" | "invalid_key" | "rate_limited" | "invalid_model" | "provider_unavailable" | "timeout" | "connection_failed" | "invalid_response" | "incomplete_response" | "response_too_large" | "model_unavailable" | "device_unavailable" | "storage_error";
            message: string;
            /** @description Only with invalid_request (422) */
            detail?: {
                loc: (string | number)[];
                msg: string;
                type: string;
            }[];
        };
        Session: {
            id: string;
            course_name: string;
            source: "text" | "browser" | "microphone" | "remote" | "import";
            material_id: string | null;
            status: "starting" | "recording" | "paused" | "stopped" | "interrupted" | "error";
            /** Format: date-time */
            created_at: string;
            ended_at: string | null;
            entry_count: number;
        };
        Entry: {
            /** @description Ascending across all sessions */
            id: number;
            session_id: string;
            text: string;
            source_id: string;
            /** Format: date-time */
            created_at: string;
            alert: {
                level: "danger" | "warning";
                keywords: string[];
            } | null;
        };
        Task: {
            id: string;
            session_id: string;
            kind: "rescue" | "catchup" | "summary" | "followup";
            status: "queued" | "running" | "completed" | "failed" | "cancelled";
            question: string | null;
            parent_id: string | null;
            /** Format: date-time */
            created_at: string;
            started_at: string | null;
            finished_at: string | null;
            through_entry_id: number | null;
            markdown: string;
            stage: string;
            first_token_ms: number | null;
            total_ms: number | null;
            provider_calls: number;
            summary_id: string | null;
            error_code: string | null;
            error_message: string | null;
        };
        Note: {
            id: string;
            session_id: string;
            task_id: string | null;
            title: string;
            markdown: string;
            /** Format: date-time */
            created_at: string;
        };
        Settings: {
            llm: {
                /**
                 * @description `builtin`: offline assistant; `byok`: an OpenAI-compatible endpoint; `local`: a manifest model
                 * @enum {string}
                 */
                mode: "builtin" | "byok" | "local";
                /** @description https, or http for a loopback host; no user info, query or fragment; a trailing `/` is stripped */
                base_url: string;
                model: string;
                timeout_seconds: number;
                context_characters: number;
                local_model_id: string;
            };
            asr: {
                model_id: string;
                language: string;
            } & {
                [key: string]: string | number | boolean | null;
            };
            alerts: {
                /** @description Trimmed, blanks dropped, de-duplicated in order; matched case-insensitively */
                danger_keywords: string[];
                /** @description Trimmed, blanks dropped, de-duplicated in order; matched case-insensitively */
                warning_keywords: string[];
            };
            auto_summary: boolean;
            /** @description UI preferences, stored as given (at most 16384 bytes of JSON); a PUT replaces the whole object */
            appearance: Record<string, never>;
            models: {
                /** @description Base URL replacing the model manifest's host (a mirror), or null; https, or http for a loopback host; no user info, query or fragment; a trailing `/` is stripped */
                mirror_url: string | null;
            };
            security: {
                /** @description Extra origins allowed besides the built-in ones, each `scheme://host[:port]` */
                allowed_origins: string[];
            };
        };
        Model: {
            id: string;
            kind: "asr" | "llm";
            name: string;
            description: string;
            license: string;
            license_url: string;
            source_url: string;
            /** @description Approximate total of the model's files (0 for system packages) */
            size_bytes: number;
            /** @enum {string} */
            state: "missing" | "downloading" | "verifying" | "loading" | "ready" | "failed" | "cancelled";
            bytes_done: number;
            bytes_total: number;
            error: string | null;
        };
        ModelRuntime: {
            /** @description No engine is warming or failed, and at least one is ready */
            ready: boolean;
            asr: {
                /** @description The model the engine runs or last tried; null before any start */
                model_id: string | null;
                /** @enum {string} */
                state: "cold" | "warming" | "ready" | "failed";
                error: string | null;
            };
            llm: {
                /** @description The model the engine runs or last tried; null before any start */
                model_id: string | null;
                /** @enum {string} */
                state: "cold" | "warming" | "ready" | "failed";
                error: string | null;
            };
        };
        MaterialSummary: {
            id: string;
            /** @description A safe basename of the uploaded name (Unicode kept) */
            filename: string;
            /** @description The sniffed format, never the one the client declared */
            content_type: string;
            size_bytes: number;
            /** @description Length of `text` in Unicode code points */
            characters: number;
            /** @description Pages (PDF) or slides (PPTX); null for DOCX, TXT and Markdown */
            pages: number | null;
            /** @description Of the uploaded bytes */
            sha256: string;
            /** Format: date-time */
            created_at: string;
        };
        Material: {
            id: string;
            /** @description A safe basename of the uploaded name (Unicode kept) */
            filename: string;
            /** @description The sniffed format, never the one the client declared */
            content_type: string;
            size_bytes: number;
            /** @description Length of `text` in Unicode code points */
            characters: number;
            /** @description Pages (PDF) or slides (PPTX); null for DOCX, TXT and Markdown */
            pages: number | null;
            /** @description Of the uploaded bytes */
            sha256: string;
            /** Format: date-time */
            created_at: string;
            /** @description The pages in order, a blank line between two */
            text: string;
            /** @description What `page_texts` numbers: PDF pages or PPTX slides; null when the file has no pages */
            page_label: "page" | "slide" | null;
            /** @description One item per page or slide; one item numbered 1 for a file without pages */
            page_texts: {
                number: number;
                text: string;
            }[];
        };
        /** @description A frame of the WebSocket `/api/v2/events`. The first client message must be `{"type":"auth","token":"...","after_seq"?:N}`; afterwards clients may only send pings. `seq` is a per-process counter. */
        EventFrame: {
            /** @constant */
            type: "session";
            seq?: number;
            session_id: string | null;
            data: components["schemas"]["Session"];
        } | {
            /** @constant */
            type: "transcript";
            seq?: number;
            session_id: string | null;
            data: components["schemas"]["Entry"];
        } | {
            /** @constant */
            type: "alert";
            seq?: number;
            session_id: string | null;
            data: {
                entry_id: number;
                level: "danger" | "warning";
                keywords: string[];
                text: string;
            };
        } | {
            /** @constant */
            type: "assistant.progress";
            seq?: number;
            session_id: string | null;
            data: {
                id: string;
                kind: string;
                stage: string;
                done: number;
                total: number;
            };
        } | {
            /** @constant */
            type: "assistant.delta";
            seq?: number;
            session_id: string | null;
            data: {
                id: string;
                text: string;
                /** @description In Unicode code points */
                offset: number;
                first_token_ms: number | null;
            };
        } | {
            /** @constant */
            type: "assistant.finished";
            seq?: number;
            session_id: string | null;
            data: components["schemas"]["Task"];
        } | {
            /** @constant */
            type: "summary.created";
            seq?: number;
            session_id: string | null;
            data: components["schemas"]["Note"];
        } | {
            /** @constant */
            type: "summary_deferred";
            seq?: number;
            session_id: string | null;
            data: {
                session_id: string;
                reason: string;
            };
        } | {
            /** @constant */
            type: "model.installation";
            seq?: number;
            session_id: string | null;
            data: {
                model: components["schemas"]["Model"];
                rate_bytes_per_second: number;
            };
        } | {
            /** @constant */
            type: "models.runtime";
            seq?: number;
            session_id: string | null;
            data: components["schemas"]["ModelRuntime"];
        } | {
            /** @constant */
            type: "material.created";
            seq?: number;
            session_id: string | null;
            data: components["schemas"]["MaterialSummary"];
        } | {
            /** @constant */
            type: "audio.level";
            seq?: number;
            session_id: string | null;
            data: {
                /** @description Loudest sample since the previous frame, 0..1 of full scale */
                peak: number;
            };
        } | {
            /** @constant */
            type: "audio.partial";
            seq?: number;
            session_id: string | null;
            data: {
                text: string;
            };
        } | {
            /** @constant */
            type: "audio.error";
            seq?: number;
            session_id: string | null;
            data: {
                code: string;
                message: string;
            };
        } | {
            /** @constant */
            type: "audio.stopping";
            seq?: number;
            session_id: string | null;
            data: Record<string, never>;
        } | {
            /** @constant */
            type: "settings.updated";
            seq?: number;
            session_id: string | null;
            data: components["schemas"]["Settings"];
        } | {
            /** @constant */
            type: "snapshot";
            seq?: number;
            session_id: string | null;
            data: {
                session: components["schemas"]["Session"] | null;
                source: string | null;
            };
        } | {
            /** @constant */
            type: "resync_required";
            seq?: number;
            session_id: string | null;
            data: {
                reason: "replay_unavailable" | "client_too_slow";
            };
        } | {
            /** @constant */
            type: "pong";
            seq?: number;
            session_id: string | null;
            data: Record<string, never>;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
