/**
 * Generated from backend/openapi.json by openapi-typescript: do not edit.
 * Regenerate with "npm run build -w backend && npm run openapi -w backend".
 */

export interface paths {
    "/api/v1/admin/appointments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: userId, attendeeId, status, from, to (start dates, ISO) */
        get: operations["AdminAppointmentsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/appointments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminAppointmentsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/appointments/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels on behalf of the client or the professional; both are told by mail */
        post: operations["AdminAppointmentsController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuditController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/audit-log/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuditController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminBillingController_company"];
        /** The issuer printed on invoices */
        put: operations["AdminBillingController_saveCompany"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: kind (invoice | credit_note), userId, q (number or customer); sort: sequence, issuedOn, totalTtc */
        get: operations["AdminBillingController_invoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminBillingController_invoice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminBillingController_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/invoices/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund with a credit note (whole invoice by default) */
        post: operations["AdminBillingController_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** MRR and churn of the last 12 months */
        get: operations["AdminBillingController_metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: status, q (name or email); sort: createdAt, status, currentPeriodEnd, failedPayments */
        get: operations["AdminBillingController_subscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminBillingController_subscription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/subscriptions/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminBillingController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/subscriptions/{id}/extend-trial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lengthen the introductory phase by some months */
        post: operations["AdminBillingController_extendTrial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/cities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: q (name, INSEE or postal code prefix), departmentCode */
        get: operations["AdminCitiesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/cities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminCitiesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: q (email, name, phone), isActive */
        get: operations["ClientsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ClientsController_get"];
        /** Deactivates (sessions ended) or reactivates the client */
        put: operations["ClientsController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/clients/{id}/erase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** GDPR erasure on request, the same as the client deleting their account: the account, documents, folders and messages deleted, sessions ended, appointments kept without anything naming the person, a confirmation mail */
        post: operations["ClientsController_erase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/clients/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GDPR export: every row about the client, as in their own export from their space (JSON) */
        get: operations["ClientsController_exportData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["DashboardController_figures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fee-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: userId; newest first */
        get: operations["AdminFeeNotesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/fee-notes/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminFeeNotesController_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Images; filter `q` (title or alt), `id` (list); sort id, title, alt, width, height, createdAt, updatedAt */
        get: operations["AdminImagesController_list"];
        put?: never;
        /**
         * Upload an image
         * @description Multipart form: `title`, `alt`, then the image in `file`. PNG, JPEG or WebP, 5 MB at most, at least 50 x 50 px; stored as WebP without metadata, at most 1600 px wide (`src`) plus a 400 px wide `thumbnail`.
         */
        post: operations["AdminImagesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/images/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminImagesController_get"];
        /** Change title / alt (the picture itself: PUT /admin/images/{id}/file) */
        put: operations["AdminImagesController_update"];
        post?: never;
        /** Delete an image; its files go once no article or professional uses them */
        delete: operations["AdminImagesController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/images/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the picture of an image (new URLs; the old files go once unused) */
        put: operations["AdminImagesController_replaceFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: queue (notifications | calendar-sync), state (waiting | delayed | active | failed | completed) */
        get: operations["QueuesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["QueuesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["QueuesController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/mail-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every mail template (stored or default); Content-Range header for ra-data-simple-rest */
        get: operations["AdminMailTemplatesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/mail-templates/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminMailTemplatesController_get"];
        /** Override a template. Refused (400 INVALID_TEMPLATE, French message per field in `errors`) unless it compiles, uses only its variables, holds the required ones in both bodies and has a plausible subject */
        put: operations["AdminMailTemplatesController_update"];
        post?: never;
        /** Back to the built-in default */
        delete: operations["AdminMailTemplatesController_reset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/mail-templates/{key}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render the saved template, or the edited fields sent, with sample values (same rules and 400 as saving) */
        post: operations["AdminMailTemplatesController_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/payment-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminPaymentAccountsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/payments/{appointmentId}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refunds the client (all that is left, or amountCents); audited; the worker refunds */
        post: operations["AdminPaymentsController_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminContentController_listPosts"];
        put?: never;
        post: operations["AdminContentController_createPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminContentController_getPost"];
        put: operations["AdminContentController_updatePost"];
        post?: never;
        delete: operations["AdminContentController_deletePost"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/redirects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminContentController_listRedirects"];
        put?: never;
        post: operations["AdminContentController_createRedirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/redirects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminContentController_getRedirect"];
        put: operations["AdminContentController_updateRedirect"];
        post?: never;
        delete: operations["AdminContentController_deleteRedirect"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/registration-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: q (name, email, city, office), status (pending | accepted | refused) */
        get: operations["RegistrationRequestsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/registration-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["RegistrationRequestsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/registration-requests/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates the pending professional and mails the sign-up invitation */
        post: operations["RegistrationRequestsController_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/registration-requests/{id}/refuse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refuses the request; the reason is mailed to the applicant */
        post: operations["RegistrationRequestsController_refuse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** filter: status (pending | published | rejected), userId, q */
        get: operations["AdminReviewsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reviews/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminReviewsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reviews/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminReviewsController_publish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/reviews/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AdminReviewsController_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/second-factor-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SecondFactorsController_policy"];
        /** Site setting: administrators must sign in with a second factor to use the console */
        put: operations["SecondFactorsController_setPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/site-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminSiteConfigController_get"];
        /** Replaces the sections sent (audited) */
        put: operations["AdminSiteConfigController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/specialities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminSpecialitiesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/specialities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminSpecialitiesController_get"];
        put: operations["AdminSpecialitiesController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminContentController_listTeams"];
        put?: never;
        /** Creates an office; 409 `ext_id already exists` when the registration number is taken */
        post: operations["AdminContentController_createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/teams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminContentController_getTeam"];
        put: operations["AdminContentController_updateTeam"];
        post?: never;
        /** Deletes an office; its professionals stay, without office */
        delete: operations["AdminContentController_deleteTeam"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Professionals, paginated; answers Content-Range: users <start>-<end>/<total> */
        get: operations["AdminUsersController_list"];
        put?: never;
        post: operations["AdminUsersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AdminUsersController_get"];
        put: operations["AdminUsersController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/resend-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mails the sign-up link again (new 7-day token; older links stop working). 409 once the sign-up is finished */
        post: operations["AdminUsersController_resendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appointments/{refAppointment}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Appointment page /appointments/{refAppointment}: details, mode, address or visio link, status */
        get: operations["PublicBookingController_byRef"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appointments/{refAppointment}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The attendee cancels; message: the appointment has been cancelled and the professional informed */
        post: operations["PublicBookingController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appointments/{refAppointment}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The client sends a document from the appointment page (the reference is their secret); it lands in their folder */
        post: operations["FolderDocumentLinksController_uploadByRef"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appointments/{refAppointment}/ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Add to calendar: the appointment as text/calendar */
        get: operations["PublicBookingController_ics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/appointments/{refAppointment}/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The attendee moves the appointment to another free slot of the same motive; it awaits the professional’s validation again */
        post: operations["PublicBookingController_reschedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published guide articles, newest first */
        get: operations["ContentController_articles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/articles/{idOrSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A published article by numeric id or slug */
        get: operations["ContentController_article"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Public sign-up of an attendee; signs them in (429 TOO_MANY_REQUESTS past 10 an hour per address) */
        post: operations["AttendeesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{attendee_id}/appointments/{appointmentId}/fee-agreement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The PDF of the fee agreement the client accepted for this appointment */
        get: operations["ClientFeeAgreementsController_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{attendee_id}/create-event": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Book a free slot: the appointment awaits the professional’s validation and holds the slot at once
         * @description Needs the attendee’s own token and a verified phone. 409 SLOT_TAKEN when the slot was just booked, 409 SLOT_UNAVAILABLE when it is not offered, 409 ONLINE_BOOKING_DISABLED when the professional does not take online booking, 403 PHONE_NOT_VERIFIED. With an Idempotency-Key header, the same key and body replay the first answer (status and body); another body gives 422.
         */
        post: operations["AttendeeBookingController_createEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{attendee_id}/fee-agreement-preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fee agreement this booking asks the client to accept, filled for them */
        get: operations["ClientFeeAgreementsController_preview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An attendee (themself, an admin, or a professional they have an appointment with) */
        get: operations["AttendeesController_get"];
        /** Update an attendee (themself or an admin; an admin’s change is audited) */
        put: operations["AttendeesController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{id}/delete-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete my account: documents and messages deleted, appointments anonymised, sessions revoked, confirmation mail */
        post: operations["PrivacyController_deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The attendee’s appointments, latest first (/participant/mes-rdvs) */
        get: operations["AttendeeBookingController_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download all my data (JSON): every row about the attendee, table by table */
        get: operations["PrivacyController_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{id}/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The client’s folders with their professionals (/participant/profil) */
        get: operations["ClientFoldersController_listForAttendee"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{id}/send-token-to-verify-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends an SMS code to an attendee phone (the attendee or an admin). 429 past the send caps */
        post: operations["PhoneVerificationController_sendAttendeeCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/attendees/{id}/verify-token-to-validate-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["PhoneVerificationController_verifyAttendeeCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/{kind}/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a single-use reset link (1 h) by mail; same answer whether the account exists or not */
        post: operations["AuthController_forgotPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/{kind}/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Logout: revokes the session sent (Bearer token, or the SPA session cookie of that kind), if any, and clears the cookie */
        get: operations["AuthController_logout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/{kind}/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign-in with a passkey (the answer of navigator.credentials.get). 401 PASSKEY_INVALID */
        post: operations["SecondFactorsController_passkey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/{kind}/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn options to sign in with a passkey: after the password (pendingToken) or instead of it */
        post: operations["SecondFactorsController_passkeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/{kind}/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AuthController_resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/{kind}/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Second step of a sign-in: the authenticator app code or a recovery code (single use). 401 SECOND_FACTOR_INVALID / SECOND_FACTOR_EXPIRED */
        post: operations["SecondFactorsController_code"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/admin/check-logged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuthController_adminCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Administrator sign-in. With a second factor enrolled: a pending step (no session) to finish with /auth/admin/second-factor or a passkey */
        post: operations["AuthController_adminLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/attendee/change-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The signed-in client asks to move to another address: the current password is required, a link is mailed to the new address (and a notice to the current one); nothing changes until it is opened. 409 EMAIL_ALREADY_EXISTS */
        post: operations["AuthController_changeAttendeeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/attendee/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The signed-in attendee changes their password (/participant/profil); every session ends, log in again */
        post: operations["AuthController_changeAttendeePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/attendee/check-logged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuthController_attendeeCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/attendee/confirm-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Opens the link mailed to a client’s new address (no session needed); every session of the client opened before ends. 400 EMAIL_CHANGE_TOKEN_INVALID, 409 EMAIL_ALREADY_EXISTS */
        post: operations["AuthController_confirmAttendeeEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/attendee/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["AuthController_attendeeLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SecondFactorsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Removes an app or a passkey (current password required). 409 SECOND_FACTOR_LAST for an administrator when the site requires a second factor */
        delete: operations["SecondFactorsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factors/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Registers a passkey (the answer of navigator.credentials.create) */
        post: operations["SecondFactorsController_registerPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factors/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["SecondFactorsController_passkeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factors/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New recovery codes (current password required); the previous ones stop working */
        post: operations["SecondFactorsController_recoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factors/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts adding an authenticator app: a secret, active once a first code confirms it */
        post: operations["SecondFactorsController_startTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/second-factors/totp/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirms the app with a code: the factor is active, recovery codes come with the first factor, and the session goes on with a token that passed a second factor */
        post: operations["SecondFactorsController_confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A SPA hands a token it was answered (sign-up, for instance) to its HttpOnly session cookie: Bearer token + X-Rdv-Session of the same kind, from the site itself */
        post: operations["AuthController_adoptSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/user/change-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The signed-in professional asks to move to another address: the current password is required, a link is mailed to the new address (and a notice to the current one); nothing changes until it is opened. 409 EMAIL_ALREADY_EXISTS */
        post: operations["AuthController_changeUserEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/user/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The signed-in professional changes their password (/user/setting): the current one is required, every other session ends, this one continues with the new token answered */
        post: operations["AuthController_changeUserPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/user/check-logged": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AuthController_userCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/user/confirm-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Opens the link mailed to the new address (no session needed: the single-use token is the authority). 400 EMAIL_CHANGE_TOKEN_INVALID, 409 EMAIL_ALREADY_EXISTS */
        post: operations["AuthController_confirmUserEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar-feeds/{userId}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["PublicCalendarFeedController_ics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar-oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CalendarOAuthCallbackController_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar-sync/google/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["GoogleNotificationsController_notify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendar-sync/microsoft/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["GraphNotificationsController_notify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/calendars/{calendarId}/weekly-availabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AvailabilityController_getWeek"];
        put: operations["AvailabilityController_replaceWeek"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Departments and their cities that have active professionals */
        get: operations["CitiesController_cities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cities/{cityUri}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CitiesController_city"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cities/autocomplete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Communes by postal code start, or by name start (accents, case and hyphens ignored, "st"/"ste"/"s" spelled out), else by the closest names (typos); most populated first */
        get: operations["CitiesController_autocomplete"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cities/closest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Communes whose name is closest to a text that names none (typos, "st" for saint, accents and hyphens ignored) */
        get: operations["CitiesController_closest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/departments/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A department’s professionals (listing order, paginated) and its communes that have some */
        get: operations["DepartmentsController_department"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/event-action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validate or refuse from the link of the professional’s mail (/user/event-action?token=...&action=...); the signed token is the authority */
        get: operations["ProfessionalBookingController_eventAction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events-responses/{id_event}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The availabilities request of an appointment (page /events-responses/{id_event}) */
        get: operations["PublicBookingController_eventResponses"];
        put?: never;
        /** The attendee submits availabilities; message: taken into account, confirmation mail once the professional validates */
        post: operations["PublicBookingController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an appointment (frees the slot, mails both sides) */
        post: operations["ProfessionalBookingController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/client": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Attendee dialog of /user/events: the client’s history with the professional and their folder */
        get: operations["ClientFoldersController_clientOfAppointment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/folder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** "Ouvrir un dossier" from an appointment: the client’s open folder, created if needed */
        post: operations["ClientFoldersController_openFromAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an appointment (end defaults to start + current duration); 409 SLOT_TAKEN on overlap */
        post: operations["ProfessionalBookingController_move"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/refuse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refuse an appointment awaiting validation (frees the slot, mails the attendee) */
        post: operations["ProfessionalBookingController_refuse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/request-availabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the attendee for availabilities (mail with a link to /events-responses/{id_event}) */
        post: operations["ProfessionalBookingController_requestAvailabilities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/responses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The availabilities the attendee proposed through /events-responses/{id_event}, latest first */
        get: operations["ProfessionalBookingController_responses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate an appointment awaiting validation (the attendee gets the confirmation mail with the .ics) */
        post: operations["ProfessionalBookingController_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folder-documents/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download through a signed link: once, within 5 minutes, by the party it was issued to while the session that asked for it is signed in; never cached */
        get: operations["FolderDocumentLinksController_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folders/{folderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A folder with its appointments, documents and messages (its two parties only) */
        get: operations["ClientFoldersController_detail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edit the folder dialog (title, reference, notes) or archive it: the professional only */
        patch: operations["ClientFoldersController_update"];
        trace?: never;
    };
    "/api/v1/folders/{folderId}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a document into the folder (either party): type from the bytes, antivirus, server-made names */
        post: operations["ClientFoldersController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folders/{folderId}/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a document (the professional: any; the client: their own) */
        delete: operations["ClientFoldersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folders/{folderId}/documents/{documentId}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A download link for this account: valid 5 minutes, once, while this session stays signed in */
        post: operations["ClientFoldersController_link"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folders/{folderId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write in the folder (exchange dialog); the other side gets a mail without the content */
        post: operations["ClientFoldersController_message"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/folders/{folderId}/messages/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the other side’s messages as read */
        post: operations["ClientFoldersController_read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/geo/nearest-city": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The nearest city that has professionals ("lawyer near you")
         * @description With lat & lng (browser geolocation), from that point; without, from the client IP (X-Forwarded-For of the gateway) through an offline GeoLite2 database; private / loopback / unknown IPs fall back to Paris (`fallback: true`).
         */
        get: operations["GeoController_nearestCity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Professional sign-in (username or email). With a second factor enrolled: a pending step (no session) to finish with /auth/user/second-factor or a passkey. 404 Account not exist, 401 wrong password, 429 throttled */
        post: operations["AuthController_userLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/logout/attendee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Attendee logout (spec alias): revokes the Bearer token sent, if any */
        get: operations["AuthController_logoutAttendee"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored picture or image (public): `<hash>.webp`, `<hash>-160.webp`, `<hash>-400.webp` */
        get: operations["MediaFilesController_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/payments/checkout/{session}/return": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back from the hosted payment page: the payment is applied now (the webhook may come later, or came first); answers the appointment to show */
        post: operations["CheckoutReturnController_returnFromCheckout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/professionals/{userUri}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public profile of a professional (no phone number: see phone-reveal) */
        get: operations["DirectoryController_profile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/professionals/{userUri}/phone-reveal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The phone number of a professional (or of the office); counts a call (once per caller per 30 min) */
        post: operations["DirectoryController_revealPhone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/redirects/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The administrator-configured redirect of a path (used by the web gateway) */
        get: operations["ContentController_resolveRedirect"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/registration-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A professional asks to join; saved and mailed to the administrators (notifications job registration-request.received). The same pending request again is the same row; 429 TOO_MANY_REQUESTS past 5 an hour per address */
        post: operations["ContentController_createRegistrationRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published reviews, newest first, with their aggregate */
        get: operations["ContentController_reviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reviews/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The meeting a review link was mailed for (no session: the signed link is the authority) */
        get: operations["ReviewsController_invitation"];
        put?: never;
        /** Leave the review of that meeting (one per appointment; published after moderation) */
        post: operations["ReviewsController_leave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/schema-rating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ReviewsController_schemaRating"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active professionals of a city, optionally of one speciality; online-booking first, then by name */
        get: operations["DirectoryController_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/site-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public site configuration: flags, contact, page sizes, company identity (legal pages) */
        get: operations["SiteConfigController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sitemap/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published guide articles */
        get: operations["SeoController_articles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sitemap/cities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** City pages and city x speciality pages that have results */
        get: operations["SeoController_cities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sitemap/offices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Office pages with at least one active professional */
        get: operations["SeoController_offices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sitemap/profile-files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many files the profiles sitemap has */
        get: operations["SeoController_profileFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sitemap/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Profiles of active professionals who did not opt out of indexing, one sitemap file of them
         * @description SITEMAP_PROFILES_PER_FILE profiles per file (5,000 by default), in URI order; without `file`, the first. GET /sitemap/profile-files says how many files there are.
         */
        get: operations["SeoController_profiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/slot-alerts/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop an alert from the link of its mail (the signed token is the authority) */
        post: operations["SlotAlertsController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/slot-alerts/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm an alert’s address from the link of its confirmation mail (48 h) */
        post: operations["SlotAlertsController_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/slots/next": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlotsController_next"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/specialities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ReferenceController_specialities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/teams/{teamUri}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An office and its active professionals, optionally of one speciality */
        get: operations["DirectoryController_team"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/timezones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ReferenceController_timezones"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["UnsubscribeController_confirmPage"];
        put?: never;
        post: operations["UnsubscribeController_oneClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a professional account (admin). Without a password, the professional finishes at /user/inscription/{userId}. */
        post: operations["UsersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A professional (themself or an admin) */
        get: operations["UsersController_get"];
        /** Update a professional (themself or an admin; an admin’s change is audited) */
        put: operations["UsersController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/appointments/{appointmentId}/fee-agreement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The PDF of the fee agreement the client accepted for this appointment */
        get: operations["ProfessionalFeeAgreementsController_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/availability-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AvailabilityController_settings"];
        put: operations["AvailabilityController_updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Plan, subscription (phase, next debit, masked payment method), invoices, firm details */
        get: operations["BillingController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/billing/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel at the end of the paid month */
        post: operations["BillingController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/billing/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a subscription: the Stripe Checkout page (SEPA debit or card) to go to */
        post: operations["BillingController_checkout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/billing/invoices/{invoiceId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The invoice or credit note as a Factur-X PDF */
        get: operations["BillingController_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/billing/payment-method": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the payment method: a Stripe Checkout page in setup mode */
        post: operations["BillingController_paymentMethod"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/billing/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The firm printed on invoices: name, SIREN, address */
        put: operations["BillingController_saveProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/billing/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take the cancellation back before the end of the paid month */
        post: operations["BillingController_resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/booking-motives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlotsController_bookingMotives"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/busy-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** External busy events of the professional’s synced calendars in [from, to) (agenda views); 400 over 62 days */
        get: operations["BusyEventsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CalendarSyncController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["CalendarSyncController_disconnect"];
        options?: never;
        head?: never;
        patch: operations["CalendarSyncController_update"];
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-connections/{connectionId}/calendars/{calendarId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["CalendarSyncController_updateCalendar"];
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-connections/caldav": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CalendarSyncController_connectCalDav"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-connections/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CalendarSyncController_connectExchange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-connections/oauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CalendarOAuthController_providers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-connections/oauth/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CalendarOAuthController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CalendarFeedController_url"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendar-feed/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CalendarFeedController_regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AvailabilityController_listCalendars"];
        put?: never;
        post: operations["AvailabilityController_createCalendar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/calendars/{calendarId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["AvailabilityController_deleteCalendar"];
        options?: never;
        head?: never;
        patch: operations["AvailabilityController_updateCalendar"];
        trace?: never;
    };
    "/api/v1/users/{id}/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Phone numbers revealed from the public profile, per day (30 days), week (12) or month (12), with the previous period */
        get: operations["CallsController_calls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/chat-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ChatSettingsController_get"];
        /** Set the incoming-webhook URL and message template of the professional’s office (409 NO_OFFICE without office) */
        put: operations["ChatSettingsController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Own appointments: group=past (latest first) | pending (awaiting validation) | upcoming (confirmed); from/to for agenda views */
        get: operations["ProfessionalBookingController_list"];
        put?: never;
        /** Create a confirmed appointment by hand for a client (found or created by email); the client gets the confirmation mail */
        post: operations["ProfessionalBookingController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/events-futur-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Future appointments holding a slot (pending or confirmed) of the listed professionals (default: {id}) */
        get: operations["UsersController_eventsFuturCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/fee-note-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** VAT regime and SIRET printed on the fee notes (franchise by default) */
        get: operations["FeeNotesController_settings"];
        /** Sets the VAT regime (franchise, or VAT number and rate) and the SIRET */
        put: operations["FeeNotesController_saveSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/fee-notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Fee notes and credit notes issued on the professional’s behalf, newest first */
        get: operations["FeeNotesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/fee-notes/{feeNoteId}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fee note or credit note as a PDF (Factur-X for a business client) */
        get: operations["FeeNotesController_pdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The professional’s client folders (/user/dossiers-client): search and filter */
        get: operations["ClientFoldersController_listForUser"];
        put?: never;
        /** Open a folder by hand for one of the professional’s clients (by email) */
        post: operations["ClientFoldersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/holidays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AvailabilityController_listHolidays"];
        put?: never;
        post: operations["AvailabilityController_createHoliday"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/holidays/{holidayId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["AvailabilityController_deleteHoliday"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/motives": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AvailabilityController_listMotives"];
        put?: never;
        post: operations["AvailabilityController_createMotive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/motives/{motiveId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["AvailabilityController_deleteMotive"];
        options?: never;
        head?: never;
        patch: operations["AvailabilityController_updateMotive"];
        trace?: never;
    };
    "/api/v1/users/{id}/motives/{motiveId}/fee-agreement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The fee agreement terms of a paid motive (current version) and the model shipped */
        get: operations["ProfessionalFeeAgreementsController_terms"];
        /** Saves the terms as a new version (same text: unchanged; empty: removed); agreements already accepted never change */
        put: operations["ProfessionalFeeAgreementsController_saveTerms"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/motives/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["AvailabilityController_reorderMotives"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/office": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The professional’s office (members, join requests to answer) or pending join request */
        get: operations["OfficesController_get"];
        /** Save the office (its manager) */
        put: operations["OfficesController_update"];
        /** Create an office: the professional becomes its member and manager */
        post: operations["OfficesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/office/join-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to join the office of a registration number; its manager is mailed and answers */
        post: operations["OfficesController_requestToJoin"];
        /** Withdraw the pending join request */
        delete: operations["OfficesController_cancelJoinRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/office/join-requests/{requesterId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Refuse a join request (manager); the requester is mailed */
        delete: operations["OfficesController_refuse"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/office/join-requests/{requesterId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept a join request (manager); the requester is mailed */
        post: operations["OfficesController_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/office/manager": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Hand the office over to another member (manager) */
        put: operations["OfficesController_handOver"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/office/members/{memberId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Leave the office (memberId = the caller) or remove a member (manager)
         * @description The manager leaves only alone or after handing the office over (409 OFFICE_MANAGER_MUST_HAND_OVER).
         */
        delete: operations["OfficesController_removeMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/office/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the office photo (manager)
         * @description Multipart body as for the professional’s photo: re-encoded as 160 and 400 px WebP squares without metadata.
         */
        put: operations["OfficesController_setPicture"];
        post?: never;
        /** Remove the office photo (manager) */
        delete: operations["OfficesController_removePicture"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments of the professional’s paid appointments, newest first (100 at most) */
        get: operations["ProfessionalPaymentsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/payments/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The connected account’s state and the platform commission shown before enabling */
        get: operations["ConnectController_account"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/payments/account/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Opens the connected account if needed; answers the provider’s hosted onboarding link */
        post: operations["ConnectController_onboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/payments/account/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back from the hosted onboarding: the account’s state is read from the provider now */
        post: operations["ConnectController_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/payments/figures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments, refunds, commission and net of a month (Europe/Paris; this month by default) */
        get: operations["ConnectController_figures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/payments/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payouts of the connected account to the professional’s bank arriving in a month (Europe/Paris), or by default in the last 90 days and later, newest first; all of them (every page of the provider’s list) */
        get: operations["ConnectController_payouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/picture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the photo of a professional (themself or an admin)
         * @description Multipart body, the image in the part `file` (PNG, JPEG or WebP, 5 MB at most, at least 100 x 100 px). The photo is turned upright, stripped of its metadata (EXIF, GPS) and stored as square WebP crops of 160 and 400 px. Answers the user as PUT /users/{id} does, `picture` = `/api/v1/media/<hash>-400.webp` (the 160 px crop: same URL ending in `-160.webp`). Nothing changes on a 400.
         */
        put: operations["ProfilePhotoController_setPicture"];
        post?: never;
        /** Remove the photo of a professional (themself or an admin): pages show the initials again */
        delete: operations["ProfilePhotoController_removePicture"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/public-holidays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AvailabilityController_publicHolidays"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/public-holidays/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["AvailabilityController_setWorkedMonth"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/send-token-to-verify-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends an SMS code to a professional phone (the professional or an admin). 429 past the send caps */
        post: operations["PhoneVerificationController_sendUserCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/slot-alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to be told (by mail, at most once a day) when a slot of this motive frees up before `before`; no account needed. Nothing is sent before the address confirms from the link mailed to it (48 h). */
        post: operations["SlotAlertsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["SlotsController_slots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/sponsorship": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The referral link and code, the referrals and their state, the masked bank details */
        get: operations["SponsorshipController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/sponsorship/bank-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Where rewards are paid: IBAN, BIC and holder checked (ibantools), stored sealed, answered masked */
        put: operations["SponsorshipController_saveBankDetails"];
        post?: never;
        /** Forget the bank details */
        delete: operations["SponsorshipController_removeBankDetails"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/sponsorship/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail the referral link to a colleague (20 a day) */
        post: operations["SponsorshipController_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/unavailabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["AvailabilityController_listUnavailabilities"];
        put?: never;
        post: operations["AvailabilityController_createUnavailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/unavailabilities/{unavailabilityId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["AvailabilityController_deleteUnavailability"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/verify-token-to-validate-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["PhoneVerificationController_verifyUserCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/visio-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["VisioSettingsController_get"];
        put: operations["VisioSettingsController_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{userId}/complete-registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Public with the mailed link: set the first password, phone and acceptances; signs the professional in. The link is then spent */
        post: operations["UsersController_completeRegistration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{userId}/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public with the mailed link: the pending registration of an account created without a password. 404 REGISTRATION_NOT_FOUND for an unknown id, a wrong, used or expired token alike */
        get: operations["UsersController_registration"];
        put?: never;
        post?: never;
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
        AdminAppointmentDto: {
            attendeeEmail: string | null;
            /** Format: uuid */
            attendeeId: string | null;
            attendeeName: string | null;
            cancellationReason: string | null;
            /** @enum {string|null} */
            cancelledBy: "attendee" | "user" | null;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            createdBy: "attendee" | "user";
            /** Format: date-time */
            endsAt: string;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            mode: "in_person" | "visio" | "phone";
            motiveTitle: string | null;
            /** @description Booked on a paid motive */
            payment: components["schemas"]["AdminAppointmentPaymentDto"] | null;
            professionalEmail: string;
            professionalName: string;
            refAppointment: string;
            refusalReason: string | null;
            /** Format: date-time */
            startsAt: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "refused" | "cancelled";
            timezone: string;
            /** Format: date-time */
            updatedAt: string;
            /** Format: uuid */
            userId: string;
        };
        AdminAppointmentPaymentDto: {
            /**
             * @description Price including VAT, cents
             * @example 8000
             */
            amountCents: number;
            /** @description The client declared full legal aid */
            legalAid: boolean;
            /**
             * @description Already refunded, cents
             * @example 0
             */
            refundedCents: number;
            /**
             * @description awaiting_payment, authorized, captured, refunded, partially_refunded, expired, legal_aid or failed
             * @example captured
             */
            status: string;
        };
        AdminAuditEntryDto: {
            /** @example accept */
            action: string;
            adminEmail: string | null;
            /** Format: uuid */
            adminId: string | null;
            after: {
                [key: string]: unknown;
            } | null;
            before: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            createdAt: string;
            id: number;
            /** @example registration-requests */
            resource: string;
            resourceId: string | null;
            /** @description What the entry is about by its current name (a professional, a client, an office...); null when gone */
            resourceName: string | null;
        };
        AdminCancelAppointmentDto: {
            /**
             * @description Who asked for the cancellation: the client or the professional
             * @enum {string}
             */
            on_behalf_of: "attendee" | "user";
            reason?: string | null;
        };
        AdminCityDto: {
            cityUri: string;
            departmentCode: string;
            id: number;
            inseeCode: string;
            name: string;
            population: number | null;
            postalCodes: string[];
        };
        AdminClientDto: {
            /** Format: date */
            birthdate: string | null;
            civility: string | null;
            /** Format: date-time */
            createdAt: string;
            email: string;
            firstName: string | null;
            /** Format: uuid */
            id: string;
            isActive: boolean;
            lastName: string | null;
            phone: string | null;
        };
        AdminClientExportDto: {
            /** Format: date-time */
            exported_at: string;
            /** @description Rows about the client by table name, as stored (secrets and private notes left out) */
            tables: {
                [key: string]: {
                    [key: string]: unknown;
                }[];
            };
        };
        AdminDashboardDto: {
            /** @description Last 30 days, oldest first (Europe/Paris days) */
            bookingsPerDay: components["schemas"]["BookingDayDto"][];
            /** @description Calendar connections in error or needing a new authorisation */
            calendarConnectionsInError: number;
            /** @description Failed notification jobs (null when Redis does not answer) */
            failedNotificationJobs: number | null;
            /**
             * Format: date-time
             * @description When the figures above were read (today and the counts; the days before today may be up to 10 minutes late). Read at most once every 10 seconds and shared by the requests meanwhile: never more than 10 seconds old.
             */
            figuresAt: string;
            /** @description Clients (attendees) created in the last 30 days */
            newClients: number;
            /** @description Professionals created in the last 30 days */
            newProfessionals: number;
            /** @description Appointments waiting for the professional for more than 48 h */
            pendingOlderThan48h: number;
            registrationRequestsWaiting: number;
        };
        AdminDto: {
            /** Format: uuid */
            _id: string;
            email: string;
            first_name: string | null;
            last_name: string | null;
        };
        AdminFeeNoteDto: {
            /** Format: uuid */
            appointmentId: string;
            /** @description Credit notes: the fee note they refer to */
            creditedNumber: string | null;
            /** @description Factur-X XML embedded (business client) */
            facturX: boolean;
            /** Format: uuid */
            id: string;
            /**
             * Format: date
             * @example 2026-11-27
             */
            issuedOn: string;
            /** @enum {string} */
            kind: "fee_note" | "credit_note";
            /**
             * @description The professional’s own sequence, per year
             * @example 2026-0001
             */
            number: string;
            /** @example /api/v1/users/…/fee-notes/…/pdf */
            pdfUrl: string;
            /** @example Claire Martin */
            professional: string;
            /** @example 8000 */
            totalHtCents: number;
            /** @example 8000 */
            totalTtcCents: number;
            /** @example 0 */
            totalVatCents: number;
            /** Format: uuid */
            userId: string;
            /** @example 0 */
            vatRate: number;
        };
        AdminImageDto: {
            alt: string;
            createdAt: string;
            /** @description Height of `src` in pixels */
            height: number;
            id: number;
            /**
             * @description Full image, at most 1600 px wide; immutable URL
             * @example /api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0.webp
             */
            src: string;
            /**
             * @description 400 px wide thumbnail; immutable URL
             * @example /api/v1/media/0f1e2d3c4b5a69788796a5b4c3d2e1f0-400.webp
             */
            thumbnail: string;
            title: string;
            updatedAt: string;
            /** @description Width of `src` in pixels */
            width: number;
        };
        AdminInvoiceDto: {
            /** @description Amount already credited by credit notes, cents */
            credited: number;
            creditedInvoiceId: string | null;
            customer: string;
            id: string;
            issuedOn: string;
            /** @enum {string} */
            kind: "invoice" | "credit_note";
            number: string;
            periodEnd: string | null;
            periodStart: string | null;
            totalHt: number;
            totalTtc: number;
            totalVat: number;
            userId: string;
        };
        AdminJobDto: {
            attemptsMade: number;
            /** Format: date-time */
            createdAt: string | null;
            data: {
                [key: string]: unknown;
            };
            failedReason: string | null;
            /** Format: date-time */
            finishedAt: string | null;
            /** @example notifications:42 */
            id: string;
            jobId: string;
            /** @example booking.notification */
            name: string;
            /** @example notifications */
            queue: string;
            /** @enum {string} */
            state: "waiting" | "delayed" | "active" | "failed" | "completed";
        };
        AdminPaymentAccountDto: {
            chargesEnabled: boolean;
            detailsSubmitted: boolean;
            email: string;
            /**
             * Format: uuid
             * @description The professional (react-admin id)
             */
            id: string;
            name: string;
            payoutsEnabled: boolean;
            stripeAccountId: string;
            /** Format: date-time */
            updatedAt: string;
        };
        AdminPostDto: {
            author: string | null;
            content: string;
            createdAt: string;
            excerpt: string | null;
            id: number;
            /** @description Null: draft */
            publishedAt: string | null;
            seoDescription: string | null;
            slug: string;
            title: string;
            updatedAt: string;
        };
        AdminRedirectDto: {
            createdAt: string;
            /** @example /ancienne-page */
            fromPath: string;
            id: number;
            /**
             * @example 301
             * @enum {number}
             */
            status: 301 | 302 | 307 | 308;
            /** @example /avocats/lyon */
            toPath: string;
            updatedAt: string;
        };
        AdminRefundDto: {
            /** @description Cents to refund; everything not yet refunded when absent */
            amountCents?: number;
            /** @description Why (kept in the audit log) */
            reason: string;
        };
        AdminRegistrationRequestDto: {
            city: string;
            /** @example Me */
            civility: string;
            /** Format: date-time */
            createdAt: string;
            email: string;
            firstName: string;
            /** Format: date-time */
            handledAt: string | null;
            /** Format: uuid */
            id: string;
            lastName: string;
            message: string | null;
            officeName: string | null;
            officeNumber: string | null;
            phone: string;
            /**
             * Format: uuid
             * @description The professional created on acceptance
             */
            professionalId: string | null;
            refusalReason: string | null;
            /** @enum {string} */
            status: "pending" | "accepted" | "refused";
        };
        AdminReviewDto: {
            /** Format: uuid */
            attendeeId: string | null;
            authorName: string | null;
            comment: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description Left on a meeting the professional entered by hand, not booked by the client: never published nor counted */
            handEntered: boolean;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            moderatedAt: string | null;
            professionalName: string;
            /** Format: date-time */
            publishedAt: string | null;
            rating: number;
            rejectionReason: string | null;
            /** @enum {string} */
            status: "pending" | "published" | "rejected";
            /** Format: uuid */
            userId: string;
        };
        AdminSiteConfigDto: {
            allowed_phone_countries: ("FR" | "BE" | "CH")[];
            company: components["schemas"]["SiteCompanyDto"];
            contact: components["schemas"]["SiteContactDto"];
            /** @enum {string} */
            default_locale: "fr" | "en";
            /** @example Europe/Paris */
            default_timezone: string;
            flags: components["schemas"]["SiteFlagsDto"];
            /** @enum {string} */
            id: "current";
            locales: ("fr" | "en")[];
            page_sizes: components["schemas"]["SitePageSizesDto"];
            /**
             * @description Platform commission on paid consultations, percent of the price TTC (0 by default)
             * @example 0
             */
            payment_commission_percent: number;
        };
        AdminSpecialityDto: {
            enabled: boolean;
            id: number;
            name: string;
            position: number;
            slug: string;
        };
        AdminSubscriptionDto: {
            cancelAtPeriodEnd: boolean;
            email: string;
            failedPayments: number;
            id: string;
            introEndsAt: string | null;
            nextDebitAt: string | null;
            pastDueSince: string | null;
            paymentMethod: string | null;
            plan: string;
            priceHt: number;
            professional: string;
            status: string;
            suspendedAt: string | null;
            userId: string;
        };
        AdminTeamDto: {
            cityName: string | null;
            cityUri: string | null;
            createdAt: string;
            email: string | null;
            /** @description Registration number: SIRET, or crpcen for notaries */
            ext_id: string;
            /** Format: uuid */
            id: string;
            name: string;
            phone: string | null;
            postalCode: string | null;
            presentation: string | null;
            professionalsCount: number;
            street: string | null;
            /** @example cabinet-martin */
            teamUri: string;
            updatedAt: string;
        };
        AdminTokenDto: {
            admin: components["schemas"]["AdminDto"];
            /** @description JWT, audience "admin" */
            token: string;
        };
        AgreementPreviewDto: {
            /** @description Booking this motive asks the client to accept a fee agreement */
            required: boolean;
            /** @description The agreement filled for this client */
            text: string | null;
            versionHash: string | null;
        };
        AppointmentDto: {
            /**
             * Format: uuid
             * @description Same as id_event
             */
            _id: string;
            attendee: components["schemas"]["AttendeeRefDto"] | null;
            /** Format: uuid */
            attendee_id: string | null;
            /** @description Only on a client booking’s answer: false when a connected calendar of the professional did not answer the live check and the booking was accepted by the professional’s choice for that case */
            calendarVerified?: boolean;
            /** @description The attendee may still cancel (pending or confirmed, not started) */
            cancellable: boolean;
            cancellationReason: string | null;
            /** @enum {string|null} */
            cancelledBy: "attendee" | "user" | null;
            /** Format: date-time */
            createdAt: string;
            /** @enum {string} */
            createdBy: "attendee" | "user";
            /** Format: date-time */
            end: string;
            /** @description "Convention signée": the fee agreement accepted at booking (PDF at .../appointments/{id_event}/fee-agreement) */
            feeAgreement: components["schemas"]["AppointmentFeeAgreementDto"] | null;
            /** Format: uuid */
            id_event: string;
            /** @description Office address (in-person appointments) */
            location: string | null;
            /** @enum {string} */
            mode: "in_person" | "visio" | "phone";
            motive: components["schemas"]["MotiveRefDto"] | null;
            notes: string | null;
            /** @description Booked on a paid motive */
            payment: components["schemas"]["AppointmentPaymentDto"] | null;
            professional: components["schemas"]["ProfessionalRefDto"];
            /** @description The client asked to move this confirmed appointment: the proposed range, held until the professional accepts (validate) or refuses (refuse); start/end and status stay the confirmed ones meanwhile */
            proposal: components["schemas"]["RescheduleProposalDto"] | null;
            /** @description Public unguessable reference (/appointments/{refAppointment}) */
            refAppointment: string;
            refusalReason: string | null;
            /** Format: date-time */
            start: string;
            /**
             * @description pending = awaiting the professional’s validation
             * @enum {string}
             */
            status: "pending" | "confirmed" | "refused" | "cancelled";
            /** @example Europe/Paris */
            timezone: string;
            title: string | null;
            /** Format: uuid */
            user_id: string;
            /** @description Meeting link (visio appointments) */
            visioUrl: string | null;
        };
        AppointmentFeeAgreementDto: {
            /**
             * Format: date-time
             * @description When the client accepted it
             */
            acceptedAt: string;
            /** @description SHA-256 (hex) of the terms accepted: their version */
            versionHash: string;
        };
        AppointmentMessageDto: {
            event: components["schemas"]["AppointmentDto"];
            message: string;
        };
        AppointmentPageDto: {
            data: components["schemas"]["AppointmentDto"][];
            limit: number;
            page: number;
            total: number;
        };
        AppointmentPaymentDto: {
            /**
             * @description Price including VAT, cents
             * @example 8000
             */
            amountCents: number;
            /**
             * @description Free cancellation until this many hours before the meeting
             * @example 48
             */
            cancellationDeadlineHours: number;
            /** @description The hosted payment page, while the payment is awaited (client views only) */
            checkoutUrl?: string | null;
            /**
             * @description Refunded when cancelled after the deadline
             * @enum {string}
             */
            lateCancellationRefund: "none" | "half" | "all";
            /** @description The client declared full legal aid */
            legalAid: boolean;
            /** @example 0 */
            refundedCents: number;
            /**
             * @description awaiting_payment: slot held while the client pays on the hosted page; authorized: card authorised (or saved), charged when the professional validates; legal_aid: booked without paying
             * @enum {string}
             */
            status: "awaiting_payment" | "authorized" | "captured" | "refunded" | "partially_refunded" | "expired" | "legal_aid" | "failed";
        };
        ArticleDto: {
            /** @example 3 */
            _id: number;
            author: string | null;
            /** @description HTML */
            content: string;
            excerpt: string | null;
            /** @example 2026-01-15T09:00:00.000Z */
            publishedAt: string;
            /** @description Meta description */
            seoDescription: string | null;
            /** @example combien-coute-un-avocat */
            slug: string;
            /** @example Combien coûte un avocat ? */
            title: string;
            /** @example 2026-01-15T09:00:00.000Z */
            updatedAt: string;
        };
        ArticleListDto: {
            items: components["schemas"]["ArticleSummaryDto"][];
            page: number;
            perPage: number;
            total: number;
        };
        ArticleSummaryDto: {
            /** @example 3 */
            _id: number;
            author: string | null;
            excerpt: string | null;
            /** @example 2026-01-15T09:00:00.000Z */
            publishedAt: string;
            /** @example combien-coute-un-avocat */
            slug: string;
            /** @example Combien coûte un avocat ? */
            title: string;
            /** @example 2026-01-15T09:00:00.000Z */
            updatedAt: string;
        };
        AttendeeDataExportDto: {
            /** Format: date-time */
            exported_at: string;
            /** @description Rows by table name (attendees, appointments, client_folders, folder_messages, ...) */
            tables: {
                [key: string]: {
                    [key: string]: unknown;
                }[];
            };
        };
        AttendeeDto: {
            /** Format: uuid */
            _id: string;
            /** Format: date */
            birthdate: string | null;
            /** Format: date-time */
            cguAcceptedAt: string | null;
            /** @enum {string|null} */
            civility: "M." | "Mme" | "Me" | null;
            /** @description The client’s company, on their fee notes */
            company_name: string | null;
            /** @description Its SIRET (14 digits) */
            company_siret: string | null;
            /** Format: date-time */
            createdAt: string;
            email: string;
            first_name: string | null;
            last_name: string | null;
            /** @description E.164 */
            phone: string | null;
            /** @enum {string|null} */
            phone_country_code: "FR" | "BE" | "CH" | null;
            /** Format: date-time */
            phoneVerifiedAt: string | null;
            /** Format: date-time */
            privacyAcceptedAt: string | null;
        };
        AttendeePhoneVerifiedDto: {
            attendee: components["schemas"]["AttendeeDto"];
            message: string;
        };
        AttendeeRefDto: {
            /** Format: uuid */
            _id: string;
            civility: string | null;
            /** @description Only in the professional’s and the attendee’s own views */
            email?: string;
            first_name: string | null;
            last_name: string | null;
            phone?: string | null;
        };
        AttendeeSendCodeDto: {
            /** @example 0612345678 */
            phone: string;
            /**
             * @default FR
             * @enum {string}
             */
            phone_country_code?: "FR" | "BE" | "CH";
        };
        AttendeeTokenDto: {
            attendee: components["schemas"]["AttendeeDto"];
            /** @description JWT, audience "attendee" */
            token: string;
        };
        AvailabilityRangeDto: {
            /** Format: date-time */
            end: string;
            /** Format: date-time */
            start: string;
        };
        AvailabilitySettingsDto: {
            /**
             * @description Latest local end of any slot
             * @example 19:30
             */
            amplitudeEnd: string | null;
            /**
             * @description Earliest local start of any slot
             * @example 08:30
             */
            amplitudeStart: string | null;
            /**
             * @description The country whose public holidays apply
             * @enum {string}
             */
            effectiveHolidayCountry: "FR" | "BE" | "CH";
            /**
             * @description null = the account country
             * @enum {string|null}
             */
            holidayCountry: "FR" | "BE" | "CH" | null;
            /** @description Phone appointments offered */
            phoneEnabled: boolean;
            /** @example Europe/Paris */
            timezone: string;
            /** @description Video appointments offered */
            visioEnabled: boolean;
        };
        BankDetailsViewDto: {
            /**
             * @description Never the whole IBAN
             * @example FR76 •••• 0189
             */
            masked_iban: string;
            updated_at: string;
        };
        BillingDto: {
            /** @description false: subscriptions are not configured on this site */
            enabled: boolean;
            invoices: components["schemas"]["InvoiceListItemDto"][];
            plan: components["schemas"]["BillingPlanDto"];
            profile: components["schemas"]["BillingProfileDto"] | null;
            subscription: components["schemas"]["SubscriptionDto"] | null;
            /** @description Profile suspended for non-payment */
            suspended: boolean;
        };
        BillingPlanDto: {
            introMonths: number;
            /** @description Introductory monthly price excluding VAT, cents */
            introPriceHt: number;
            name: string;
            /** @description Standard monthly price excluding VAT, cents */
            standardPriceHt: number;
            vatRate: number;
        };
        BillingProfileDto: {
            city: string;
            /** @example Cabinet Dubois */
            firmName: string;
            postalCode: string;
            /**
             * @description 9 digits with a valid Luhn key; printed spaces accepted, a blank clears it
             * @example 912345675
             */
            siren?: string | null;
            street: string;
        };
        BookingDayDto: {
            /** @description Appointments cancelled that day (day of the last change) */
            cancelled: number;
            /** @description Appointments booked that day */
            created: number;
            /**
             * Format: date
             * @example 2026-11-23
             */
            day: string;
            /** @description Appointments confirmed that day (day of the last change) */
            validated: number;
        };
        BookingMotiveDto: {
            acceptsLegalAid: boolean;
            /** @example 48 */
            cancellationDeadlineHours: number;
            /** @example 60 */
            durationMinutes: number;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            lateCancellationRefund: "none" | "half" | "all";
            /** @description Modes offered: the motive allows them and the professional has them on */
            modes: ("in_person" | "visio" | "phone")[];
            /** @enum {string} */
            paymentRule: "free" | "at_booking";
            /**
             * @description Price including VAT, cents
             * @example 8000
             */
            priceCents: number | null;
            /** @example Première consultation */
            title: string;
        };
        BusyEventDto: {
            /** @description The synced calendar it comes from, as the provider names it */
            calendar: string | null;
            /** Format: date-time */
            end: string;
            /** @description google | apple | live | office365 | exchange | caldav | ics */
            source: string;
            /** Format: date-time */
            start: string;
            /** @description The event’s title at the source; null when the source gave none */
            title: string | null;
        };
        CalendarConnectionDto: {
            /** @example maitre.dupont@icloud.com */
            accountLabel: string;
            calendars: components["schemas"]["ExternalCalendarDto"][];
            /** Format: uuid */
            id: string;
            /** @description Last failure, in French */
            lastError: string | null;
            /** Format: date-time */
            lastErrorAt: string | null;
            /**
             * Format: date-time
             * @description Last complete sync
             */
            lastOkAt: string | null;
            /** @description Online booking pauses while a busy calendar of this account is broken */
            pauseBookingWhenBroken: boolean;
            /** @enum {string} */
            provider: "google" | "caldav" | "apple" | "office365" | "live" | "exchange";
            /** @example https://caldav.icloud.com */
            serverUrl: string | null;
            /** @enum {string} */
            status: "active" | "needs_reauth" | "error";
        };
        CalendarDto: {
            /** @example #c62828 */
            color: string;
            /** Format: uuid */
            id: string;
            /** @description The agenda used when a request names no calendar */
            isDefault: boolean;
            /** @example Cabinet */
            name: string;
            /** @example 0 */
            position: number;
        };
        CalendarFeedUrlDto: {
            /** @example https://rdv-avocat.fr/api/v1/calendar-feeds/<id>/<token>.ics */
            url: string;
        };
        CallBucketDto: {
            count: number;
            /**
             * @description First day of the bucket, in the professional’s time zone
             * @example 2026-11-23
             */
            start: string;
        };
        CallStatsDto: {
            /** @description Oldest first; the last one is the current day / week / month */
            buckets: components["schemas"]["CallBucketDto"][];
            /** @enum {string} */
            period: "day" | "week" | "month";
            /** @description Calls over the same length of time just before */
            previousTotal: number;
            /** @description Calls since the first day of the current month */
            thisMonth: number;
            /** @description Calls over the buckets shown */
            total: number;
        };
        CancelSlotAlertDto: {
            /** @description Token of the link in the alert or confirmation mail */
            token: string;
        };
        CancelSubscriptionDto: {
            /** @enum {string} */
            when: "period_end" | "now";
        };
        CardMotiveDto: {
            /**
             * @description at_booking: the client pays online when booking
             * @enum {string}
             */
            paymentRule: "free" | "at_booking";
            /**
             * @description Price including VAT, in cents (the booking dialog shows the same); null for a free motive, which shows no price
             * @example 8000
             */
            priceCents: number | null;
            /** @example Première consultation */
            title: string;
        };
        ChangeEmailDto: {
            /** @description The current password */
            current_password: string;
            /** @example camille.durand@cabinet-durand.fr */
            email: string;
        };
        ChangePasswordDto: {
            /** @description The current password */
            current_password: string;
            password: string;
            password_confirmation: string;
        };
        ChatSettingsDto: {
            /** @description The default message template (for the form placeholder) */
            defaultTemplate: string;
            enabled: boolean;
            /** @description Handlebars; null = default message */
            messageTemplate: string | null;
            /**
             * Format: uuid
             * @description The office the settings belong to (null: no office)
             */
            teamId: string | null;
            /** @description What the message may contain, in words */
            variables: components["schemas"]["ChatVariableDto"][];
            /** @description Incoming-webhook URL of the office’s messaging tool (POST JSON { text }) */
            webhookUrl: string | null;
        };
        ChatVariableDto: {
            /** @example Nom du client */
            label: string;
            /**
             * @description Handlebars path, inserted as {{name}}
             * @example attendee.name
             */
            name: string;
        };
        CheckoutReturnDto: {
            /** @description The appointment paid for (/appointments/{refAppointment}) */
            refAppointment: string;
            /**
             * @description authorized: the request is with the professional; expired / refunded: the hold had run out
             * @example authorized
             */
            status: string;
        };
        CityCountDto: {
            /** @example lyon */
            cityUri: string;
            /**
             * @description Active professionals in the city
             * @example 42
             */
            count: number;
            /** @example Lyon */
            name: string;
        };
        CityDetailDto: {
            /** @example lyon */
            cityUri: string;
            /**
             * @description Active professionals in the city
             * @example 42
             */
            count: number;
            department: components["schemas"]["DepartmentRefDto"];
            /** @example 69123 */
            inseeCode: string;
            latitude: number | null;
            longitude: number | null;
            /** @example Lyon */
            name: string;
            population: number | null;
            /**
             * @example [
             *       "69001"
             *     ]
             */
            postalCodes: string[];
        };
        CityRefDto: {
            /** @example lyon */
            cityUri: string;
            /** @example 69 */
            departmentCode: string;
            /** @example Lyon */
            name: string;
        };
        CitySuggestionDto: {
            /** @example lyon */
            cityUri: string;
            /**
             * @description Active professionals in the city
             * @example 42
             */
            count: number;
            /** @example 69 */
            departmentCode: string;
            /** @example Lyon */
            name: string;
            /** @example 522250 */
            population: number | null;
            /**
             * @example [
             *       "69001",
             *       "69002"
             *     ]
             */
            postalCodes: string[];
        };
        ClientHistoryDto: {
            /** @description Every appointment of this client with the professional */
            appointments: components["schemas"]["FolderAppointmentDto"][];
            client: components["schemas"]["FolderClientDto"];
            /** @description The client’s open folder, if any */
            folder: components["schemas"]["FolderRefDto"] | null;
            phone: string | null;
        };
        CodeSentDto: {
            /** Format: date-time */
            expiresAt: string;
            message: string;
            /** @description E.164 number the code was sent to */
            phone: string;
        };
        CompanyDto: {
            /** @example 10 000 € */
            capital: string;
            city: string;
            email: string;
            /** @example F */
            invoicePrefix?: string;
            /** @example SAS */
            legalForm: string;
            name: string;
            postalCode: string;
            /** @example RCS Lyon 123 456 789 */
            rcs: string;
            /**
             * @description 9 digits with a valid Luhn key
             * @example 912345675
             */
            siren: string;
            siret: string;
            street: string;
            /** @example FR12123456789 */
            vatNumber: string;
        };
        CompleteRegistrationDto: {
            /** @example true */
            cgu_accepted: boolean;
            password: string;
            password_confirmation: string;
            /** @example true */
            privacy_accepted: boolean;
            /**
             * @description FR, BE or CH number
             * @example 06 12 34 56 78
             */
            telephone: string;
        };
        ConfirmEmailDto: {
            /** @description The token of the link received at the new address */
            token: string;
        };
        ConfirmTotpDto: {
            code: string;
            label?: string;
        };
        ConnectCalDavDto: {
            /** @description For iCloud, an app-specific password (appleid.apple.com) */
            password: string;
            /**
             * @description apple = iCloud (https://caldav.icloud.com)
             * @enum {string}
             */
            provider: "caldav" | "apple";
            /**
             * @description Required for caldav
             * @example https://caldav.example.fr/
             */
            serverUrl?: string;
            /** @example maitre.dupont@icloud.com */
            username: string;
        };
        ConnectExchangeDto: {
            /**
             * @description Absent: NTLM is tried first (the default of an Exchange EWS directory), then Basic
             * @enum {string}
             */
            authMethod?: "ntlm" | "basic";
            password: string;
            /**
             * @description The EWS endpoint (the server address alone gets /EWS/Exchange.asmx); https in production
             * @example https://mail.cabinet.fr/EWS/Exchange.asmx
             */
            serverUrl: string;
            /**
             * @description DOMAIN\user or the sign-in address (UPN)
             * @example CABINET\camille.martin
             */
            username: string;
        };
        CreateAttendeeDto: {
            /**
             * Format: date
             * @example 1990-05-17
             */
            birthdate?: string;
            /** @example true */
            cgu_accepted: boolean;
            /** @enum {string} */
            civility?: "M." | "Mme" | "Me";
            /**
             * @description A client booking for their company: its name, printed on their fee notes (issued as Factur-X with company_siret); given with company_siret, blank or null clears both
             * @example ACME SAS
             */
            company_name?: string | null;
            /**
             * @description The company’s SIRET (14 digits, Luhn key; printed spaces accepted, stored bare)
             * @example 732 829 320 00074
             */
            company_siret?: string | null;
            /** @example alex.martin@example.fr */
            email: string;
            /** @example Alex */
            first_name: string;
            /** @example Martin */
            last_name: string;
            password: string;
            password_confirmation: string;
            /**
             * @description National or international number of phone_country_code; changing it clears the verification
             * @example 0612345678
             */
            phone?: string;
            /** @enum {string} */
            phone_country_code?: "FR" | "BE" | "CH";
            /** @example true */
            privacy_accepted: boolean;
        };
        CreateCalendarDto: {
            /** @example #c62828 */
            color?: string;
            /** @description Make it the default agenda (the first calendar always is) */
            isDefault?: boolean;
            /** @example Cabinet */
            name: string;
        };
        CreateEventByHandDto: {
            /** Format: uuid */
            calendar_id?: string;
            /** @description Create even though a connected calendar has an event at that time (answered 409 CALENDAR_CONFLICT otherwise) */
            confirmConflict?: boolean;
            /** @example client@example.fr */
            email: string;
            /**
             * Format: date-time
             * @description Defaults to start + the motive’s duration (required without motive)
             */
            end?: string;
            first_name?: string;
            last_name?: string;
            /** @enum {string} */
            mode: "in_person" | "visio" | "phone";
            /** Format: uuid */
            motive_id?: string;
            notes?: string;
            /** @example +33612345678 */
            phone?: string;
            /** @enum {string} */
            phone_country_code?: "FR" | "BE" | "CH";
            /** Format: date-time */
            start: string;
            title?: string;
        };
        CreateEventDto: {
            /**
             * Format: uuid
             * @description Defaults to the professional’s default calendar
             */
            calendar_id?: string;
            /**
             * @description The client ticked "J’ai lu et j’accepte la convention d’honoraires" (lawyers’ paid motives with terms; 400 FEE_AGREEMENT_REQUIRED otherwise)
             * @default false
             */
            fee_agreement_accepted?: boolean;
            /**
             * @description The client declares full legal aid (aide juridictionnelle totale): a paid motive whose professional accepts it is booked without paying
             * @default false
             */
            legal_aid?: boolean;
            /** @enum {string} */
            mode: "in_person" | "visio" | "phone";
            /** Format: uuid */
            motive_id: string;
            notes?: string;
            /**
             * Format: date-time
             * @description A start offered by GET /users/{id}/slots
             * @example 2026-05-12T09:00:00+02:00
             */
            start: string;
            /**
             * Format: uuid
             * @description The professional
             */
            user_id: string;
        };
        CreateFolderDto: {
            /** @description Email of a client who has (or had) an appointment with the professional */
            attendee_email: string;
            /** @description Seen only by the professional */
            notes?: string | null;
            reference?: string | null;
            title: string;
        };
        CreateHolidayDto: {
            /**
             * @description Last closed local date (included)
             * @example 2026-08-21
             */
            endsOn: string;
            label?: string;
            /**
             * @description First closed local date
             * @example 2026-08-03
             */
            startsOn: string;
        };
        CreateMessageDto: {
            body: string;
        };
        CreateMotiveDto: {
            /** @default false */
            acceptsLegalAid?: boolean;
            /**
             * @description 0 to 720 hours; default 24
             * @example 48
             */
            cancellationDeadlineHours?: number;
            /**
             * @description Minutes: a multiple of 5, from 5 to 480
             * @example 60
             */
            durationMinutes: number;
            /** @default true */
            inPersonAllowed?: boolean;
            /** @default true */
            isActive?: boolean;
            /**
             * @default none
             * @enum {string}
             */
            lateCancellationRefund?: "none" | "half" | "all";
            /**
             * @description Booking horizon in months, 1 to 24; default 3
             * @example 3
             */
            notAfterMonths?: number;
            /**
             * @description 0-23, null = no limit
             * @example 9
             */
            notBeforeHour?: number | null;
            /**
             * @description Minimum notice in minutes (0 to 90 days); default 0
             * @example 1440
             */
            noticeMinutes?: number;
            /**
             * @default free
             * @enum {string}
             */
            paymentRule?: "free" | "at_booking";
            /** @default false */
            phoneAllowed?: boolean;
            /**
             * @description TTC, cents: 1 € to 10 000 €
             * @example 8000
             */
            priceCents?: number | null;
            /** @example Première consultation */
            title: string;
            /** @default false */
            visioAllowed?: boolean;
        };
        CreateOfficeDto: {
            /** @description cityUri of the commune (autocomplete) */
            city_uri?: string | null;
            email?: string | null;
            /**
             * @description Registration number in the sector’s terms (SIRET; crpcen for notaries), unique: 409 `ext_id already exists`
             * @example 73282932000074
             */
            ext_id: string;
            /** @example Cabinet Martin */
            name: string;
            phone?: string | null;
            postal_code?: string | null;
            presentation?: string | null;
            street?: string | null;
        };
        CreatePostDto: {
            author?: string | null;
            /** @description HTML */
            content: string;
            excerpt?: string | null;
            /** @description ISO date; null keeps the article as a draft */
            publishedAt?: string | null;
            seoDescription?: string | null;
            /** @description Generated from the title when absent */
            slug?: string | null;
            title: string;
        };
        CreateRedirectDto: {
            /** @example /ancienne-page */
            fromPath: string;
            /**
             * @default 301
             * @enum {number}
             */
            status?: 301 | 302 | 307 | 308;
            /** @example /avocats/lyon */
            toPath: string;
        };
        CreateRegistrationRequestDto: {
            /** @example Lyon */
            city: string;
            /** @enum {string} */
            civility: "M." | "Mme" | "Me";
            /** @example marie.martin@example.fr */
            email: string;
            /** @example Marie */
            first_name: string;
            /** @example Martin */
            last_name: string;
            message?: string;
            /** @example Cabinet Martin */
            officeName?: string;
            /**
             * @description The office’s registration number in the sector’s terms (SIRET; crpcen for notaries)
             * @example 73282932000074
             */
            officeNumber?: string;
            /**
             * @description FR, BE or CH number
             * @example +33 4 78 00 00 00
             */
            phone: string;
            /**
             * @description Code of the referral link the applicant came from
             * @example CMAR-7K2P
             */
            referral_code?: string;
        };
        CreateSlotAlertDto: {
            /**
             * @description Alert for slots starting before this instant (the first slot the client saw or booked)
             * @example 2026-12-14T09:00:00.000Z
             */
            before: string;
            /** @example julien.moreau@example.fr */
            email: string;
            /**
             * Format: uuid
             * @description The motive of the appointment wanted; default: the first one offered (as the profile’s next slots)
             */
            motive_id?: string;
        };
        CreateTeamDto: {
            /** @description cityUri of the office city */
            cityUri?: string | null;
            email?: string | null;
            /**
             * @description Registration number (SIRET; crpcen for notaries), unique
             * @example 73282932000074
             */
            ext_id: string;
            /** @example Cabinet Martin */
            name: string;
            phone?: string | null;
            postalCode?: string | null;
            presentation?: string | null;
            street?: string | null;
            /** @description Generated from the name when absent */
            teamUri?: string | null;
        };
        CreateUnavailabilityDto: {
            /**
             * Format: uuid
             * @description Only this calendar; absent = every calendar
             */
            calendarId?: string;
            /** @example 2026-03-10T18:00:00+01:00 */
            endsAt: string;
            reason?: string;
            /**
             * @description ISO 8601 instant with offset
             * @example 2026-03-10T14:00:00+01:00
             */
            startsAt: string;
        };
        CreateUserDto: {
            /** @description Takes cases under legal aid (aide juridictionnelle) */
            accepts_legal_aid?: boolean;
            /**
             * @description A lawyer’s bar (barreau): a key of the French bars list; null removes it
             * @example lyon
             */
            bar?: string | null;
            /**
             * @description Practice commune (`cityUri` from GET /cities/autocomplete); null removes it
             * @example lyon
             */
            city_uri?: string | null;
            /** @enum {string} */
            civility?: "M." | "Mme" | "Me";
            /**
             * @example [
             *       "secretariat@example.fr"
             *     ]
             */
            copy_emails?: string[];
            /**
             * @example FR
             * @enum {string}
             */
            country?: "FR" | "BE" | "CH";
            /** @example camille.durand@example.fr */
            email: string;
            /** @example Première consultation : 90 € TTC. Aide juridictionnelle acceptée. */
            fees_info?: string | null;
            /** @example Camille */
            first_name: string;
            /** @description False takes the profile out of search engines: noindex meta + X-Robots-Tag, left out of the sitemap */
            indexable?: boolean;
            /** @description Admin only */
            is_active?: boolean;
            /** @enum {string} */
            language?: "fr" | "en";
            /** @example Durand */
            last_name: string;
            mail_copy_activated?: boolean;
            password?: string;
            password_confirmation?: string;
            /** @example 69002 */
            postal_code?: string | null;
            presentation?: string;
            /** @example Avocate en droit de la famille */
            presentation_title?: string;
            /**
             * @description The number the public profile reveals (firm switchboard or a published line), FR, BE or CH, stored in E.164; null or empty: no number shown. Never the account’s own mobile unless typed here.
             * @example +33142000000
             */
            public_phone?: string | null;
            /**
             * @description Speciality ids in the professional’s order (the first is the main one); replaces the list
             * @example [
             *       12,
             *       3
             *     ]
             */
            speciality_ids?: number[];
            /**
             * @description ISO 639-1 codes
             * @example [
             *       "fr",
             *       "en"
             *     ]
             */
            spoken_languages?: string[];
            /** @example 12 rue de la République */
            street?: string | null;
            /**
             * Format: date-time
             * @description Admin only: start of the paid subscription (a sponsor’s referral counts from then), or null
             */
            subscribed_at?: string | null;
            /**
             * Format: uuid
             * @description Admin only: the office (team) id, or null
             */
            team_id?: string | null;
            /**
             * @description FR, BE or CH number; stored in E.164. Changing it clears the verification.
             * @example +33612345678
             */
            telephone?: string;
            /** @example Europe/Paris */
            timezone?: string;
            /**
             * @description Admin only
             * @example camille.durand
             */
            username?: string;
        };
        CurrentPasswordDto: {
            current_password: string;
        };
        DeleteAccountDto: {
            /** @description The account’s password, to confirm */
            password: string;
        };
        DepartmentCitiesDto: {
            cities: components["schemas"]["CityCountDto"][];
            department: components["schemas"]["DepartmentRefDto"];
        };
        DepartmentPageDto: {
            /** @description Its communes with professionals, most first */
            cities: components["schemas"]["CityCountDto"][];
            department: components["schemas"]["DepartmentRefDto"];
            items: components["schemas"]["ProfessionalCardDto"][];
            onlineCount: number;
            page: number;
            perPage: number;
            speciality: components["schemas"]["SpecialityRefDto"] | null;
            total: number;
            totalPages: number;
        };
        DepartmentRefDto: {
            /** @example 69 */
            code: string;
            /** @example Rhône */
            name: string;
        };
        DependencyStatusDto: {
            /** @description Why the dependency is considered down */
            error?: string;
            /** @enum {string} */
            status: "up" | "down";
        };
        DownloadLinkDto: {
            /** Format: date-time */
            expires_at: string;
            /** @description Relative URL, valid 5 minutes, for this account only */
            url: string;
        };
        EmailChangedDto: {
            /** @description The address the account now signs in with */
            email: string;
            message: string;
        };
        EmailLoginDto: {
            /** @example alex.martin@example.fr */
            email: string;
            password: string;
        };
        EventResponseItemDto: {
            availabilities: components["schemas"]["AvailabilityRangeDto"][];
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            message: string | null;
        };
        EventResponsesViewDto: {
            /** Format: date-time */
            end: string;
            /** Format: uuid */
            id_event: string;
            /** @enum {string} */
            mode: "in_person" | "visio" | "phone";
            motive: components["schemas"]["MotiveRefDto"] | null;
            /** @description The attendee can still answer (appointment not refused, cancelled or past) */
            open: boolean;
            professional: components["schemas"]["ProfessionalRefDto"];
            /** Format: date-time */
            requestedAt: string;
            /** @description The professional’s message with the request */
            requestMessage: string | null;
            responses: components["schemas"]["EventResponseItemDto"][];
            /** Format: date-time */
            start: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "refused" | "cancelled";
            /** @example Europe/Paris */
            timezone: string;
        };
        EventsFuturCountDto: {
            /** @description Sum over the requested users */
            count: number;
            /** @description Future appointments holding a slot (pending or confirmed), per user */
            u_f_e_c: components["schemas"]["FutureEventsCountItemDto"][];
        };
        ExtendTrialDto: {
            months: number;
        };
        ExternalCalendarDto: {
            /** @description All-day events block the whole day */
            allDayBlocks: boolean;
            /** @example #1e88e5 */
            color: string | null;
            /** @example Agenda du cabinet */
            displayName: string;
            /** Format: uuid */
            id: string;
            /** @description Validated appointments are written into it (one per professional) */
            isWriteTarget: boolean;
            /** Format: date-time */
            lastSyncedAt: string | null;
            /** @description Its events remove slots from online booking */
            useForBusy: boolean;
        };
        FactorEnrolledDto: {
            factor: components["schemas"]["SecondFactorDto"];
            /** @description Shown once, with the first factor: single-use recovery codes */
            recoveryCodes?: string[];
            /** @description A new session token, opened with this second factor */
            token: string;
        };
        FeeNoteDto: {
            /** Format: uuid */
            appointmentId: string;
            /** @description Credit notes: the fee note they refer to */
            creditedNumber: string | null;
            /** @description Factur-X XML embedded (business client) */
            facturX: boolean;
            /** Format: uuid */
            id: string;
            /**
             * Format: date
             * @example 2026-11-27
             */
            issuedOn: string;
            /** @enum {string} */
            kind: "fee_note" | "credit_note";
            /**
             * @description The professional’s own sequence, per year
             * @example 2026-0001
             */
            number: string;
            /** @example /api/v1/users/…/fee-notes/…/pdf */
            pdfUrl: string;
            /** @example 8000 */
            totalHtCents: number;
            /** @example 8000 */
            totalTtcCents: number;
            /** @example 0 */
            totalVatCents: number;
            /** @example 0 */
            vatRate: number;
        };
        FeeNoteSettingsDto: {
            /** @example 12345678900012 */
            siret: string | null;
            /** @description The mention printed when no VAT is charged */
            vat_mention: Record<string, never>;
            /** @example FR12345678901 */
            vat_number: string | null;
            /** @example 20 */
            vat_rate: number;
            /**
             * @example franchise
             * @enum {string}
             */
            vat_regime: "franchise" | "vat";
        };
        FeeNotesPageDto: {
            data: components["schemas"]["FeeNoteDto"][];
        };
        FolderAppointmentDto: {
            /** Format: date-time */
            end: string;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            mode: "in_person" | "visio" | "phone";
            refAppointment: string;
            /** Format: date-time */
            start: string;
            /** @enum {string} */
            status: "pending" | "confirmed" | "refused" | "cancelled";
            title: string | null;
        };
        FolderClientDto: {
            email: string;
            first_name: string | null;
            /** Format: uuid */
            id: string;
            last_name: string | null;
        };
        FolderDetailDto: {
            appointments: components["schemas"]["FolderAppointmentDto"][];
            archived: boolean;
            client: components["schemas"]["FolderClientDto"];
            /** Format: date-time */
            created_at: string;
            documents: components["schemas"]["FolderDocumentDto"][];
            documents_count: number;
            /** Format: uuid */
            id: string;
            messages: components["schemas"]["FolderMessageDto"][];
            /** @description The professional’s notes; always null for the client */
            notes: string | null;
            professional: components["schemas"]["FolderPersonDto"];
            reference: string | null;
            title: string;
            /** @description Messages of the other side not read yet */
            unread_count: number;
            /** Format: date-time */
            updated_at: string;
        };
        FolderDocumentDto: {
            /** Format: date-time */
            created_at: string;
            /** @description Name generated by the server (download name) */
            file_name: string;
            /** Format: uuid */
            id: string;
            /** @description Label kept from the uploader’s file name */
            label: string;
            mime_type: string;
            size: number;
            /** @enum {string} */
            uploaded_by: "user" | "attendee";
        };
        FolderDto: {
            archived: boolean;
            client: components["schemas"]["FolderClientDto"];
            /** Format: date-time */
            created_at: string;
            documents_count: number;
            /** Format: uuid */
            id: string;
            /** @description The professional’s notes; always null for the client */
            notes: string | null;
            professional: components["schemas"]["FolderPersonDto"];
            reference: string | null;
            title: string;
            /** @description Messages of the other side not read yet */
            unread_count: number;
            /** Format: date-time */
            updated_at: string;
        };
        FolderMessageDto: {
            /** @enum {string} */
            author: "user" | "attendee";
            body: string;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            read_at: string | null;
        };
        FolderPersonDto: {
            first_name: string | null;
            /** Format: uuid */
            id: string;
            last_name: string | null;
        };
        FolderRefDto: {
            /** Format: uuid */
            id: string;
            title: string;
        };
        ForgotPasswordDto: {
            /** @example alex.martin@example.fr */
            email: string;
        };
        FutureEventsCountItemDto: {
            count: number;
            /** Format: uuid */
            user_id: string;
        };
        GraphNotificationsDto: {
            validationTokens?: string[];
            /** @description subscriptionId, clientState, changeType, resource, … */
            value: {
                [key: string]: unknown;
            }[];
        };
        HolidayDto: {
            /**
             * @description Included
             * @example 2026-08-21
             */
            endsOn: string;
            /** Format: uuid */
            id: string;
            label: string | null;
            /** @example 2026-08-03 */
            startsOn: string;
        };
        InviteColleagueDto: {
            /** @example camille.durand@cabinet-durand.fr */
            email: string;
        };
        InvoiceListItemDto: {
            id: string;
            issuedOn: string;
            /** @enum {string} */
            kind: "invoice" | "credit_note";
            number: string;
            periodEnd: string | null;
            periodStart: string | null;
            totalHt: number;
            totalTtc: number;
            totalVat: number;
        };
        JoinOfficeDto: {
            /**
             * @description Registration number of the office to join
             * @example 73282932000074
             */
            ext_id: string;
        };
        LeaveReviewDto: {
            /** @example Julien M. */
            author_name: string;
            comment?: string | null;
            /** @example 5 */
            rating: number;
            /** @description Token of the link mailed after the meeting */
            token: string;
        };
        LiveDto: {
            /** @example ok */
            status: string;
        };
        MailPreviewDto: {
            html: string;
            /** @example Rappel : rendez-vous avec Claire Dubois le jeudi 12 mars 2026 à 14h30 */
            subject: string;
            text: string;
        };
        MailTemplateDto: {
            /** @description false = the built-in default is used */
            customized: boolean;
            /** @description Handlebars, HTML-escaped values */
            html: string;
            /** @description Same as key (react-admin needs an id) */
            id: string;
            /** @example appointment.validated.attendee */
            key: string;
            /**
             * @description What the mail is, in French
             * @example Rendez-vous confirmé (au client)
             */
            label: string;
            /** @description Handlebars */
            subject: string;
            /** @description Handlebars, plain text */
            text: string;
            /** @description The variables this template may use */
            variables: components["schemas"]["MailTemplateVariableDto"][];
        };
        MailTemplateVariableDto: {
            /** @description A list for {{#each}}: the fields of its items ({{this.label}}) */
            itemFields?: string[];
            /** @example Date du rendez-vous (« jeudi 12 mars 2026 ») */
            label: string;
            /**
             * @description Handlebars path: {{appointment.date}}
             * @example appointment.date
             */
            name: string;
            /** @description Must appear in the HTML and in the text body */
            required: boolean;
        };
        MessageDto: {
            message: string;
        };
        MetricPointDto: {
            active: number;
            churned: number;
            /** @description Churned / active at the start of the month, percent */
            churnRate: number;
            /** @example 2026-11 */
            month: string;
            /** @description Monthly recurring revenue excluding VAT at the end of the month, cents */
            mrr: number;
        };
        ModesDto: {
            /** @description Appointments at the office */
            in_person: boolean;
            /** @description Phone appointments */
            phone: boolean;
            /** @description Video appointments (Visio-RDV) */
            visio: boolean;
        };
        MonthFiguresDto: {
            /** @description Platform commission on this month’s payments, less the share this month’s refunds gave back, cents */
            commissionCents: number;
            /**
             * @description The month (Europe/Paris)
             * @example 2026-11
             */
            month: string;
            /** @description payments − refunds − commission, cents */
            netCents: number;
            /** @description Captured this month (by capture date), cents */
            paymentsCents: number;
            /** @description Refunded this month (by refund date), cents */
            refundsCents: number;
        };
        MotiveAgreementDto: {
            /** @description The sector asks for a fee agreement (lawyers only) */
            available: boolean;
            /** @description The model shipped with the product; placeholders {client}, {avocat}, {prestation}, {honoraires}, {date_rendez_vous} are filled at booking */
            model: string | null;
            /** @description The current terms; null: no agreement */
            terms: string | null;
            /** Format: date-time */
            versionCreatedAt: string | null;
            /** @description SHA-256 (hex) of the terms: the version */
            versionHash: string | null;
        };
        MotiveDto: {
            /** @description A client declaring full legal aid books without paying */
            acceptsLegalAid: boolean;
            /**
             * @description Free cancellation until this many hours before the meeting
             * @example 48
             */
            cancellationDeadlineHours: number;
            /**
             * @description Minutes, a multiple of 5
             * @example 60
             */
            durationMinutes: number;
            /** Format: uuid */
            id: string;
            inPersonAllowed: boolean;
            isActive: boolean;
            /**
             * @description Share refunded when the client cancels after the deadline
             * @enum {string}
             */
            lateCancellationRefund: "none" | "half" | "all";
            /**
             * @description Booking horizon, months
             * @example 3
             */
            notAfterMonths: number;
            /**
             * @description No slot starting before this local hour
             * @example 9
             */
            notBeforeHour: number | null;
            /**
             * @description Minimum notice ("délai avant rendez-vous"), minutes
             * @example 1440
             */
            noticeMinutes: number;
            /**
             * @description free, or paid online at booking
             * @enum {string}
             */
            paymentRule: "free" | "at_booking";
            phoneAllowed: boolean;
            /** @example 0 */
            position: number;
            /**
             * @description Price including VAT, cents
             * @example 8000
             */
            priceCents: number | null;
            /** @example Première consultation */
            title: string;
            visioAllowed: boolean;
        };
        MotiveRefDto: {
            /** Format: uuid */
            id: string;
            title: string;
        };
        MoveEventDto: {
            /** @description Move even though a connected calendar has an event at that time (answered 409 CALENDAR_CONFLICT otherwise) */
            confirmConflict?: boolean;
            /**
             * Format: date-time
             * @description Defaults to start + the current duration
             */
            end?: string;
            /** Format: date-time */
            start: string;
        };
        MyOfficeDetailsDto: {
            /** @description The caller manages the office, or nobody does yet (an office an administrator created) */
            can_manage: boolean;
            city: components["schemas"]["OfficeCityDto"] | null;
            email: string | null;
            /** @description Registration number: SIRET, or crpcen for notaries */
            ext_id: string;
            id: string;
            /** @description Waiting requests; only to who can manage */
            join_requests: components["schemas"]["OfficeJoinRequestDto"][];
            manager_id: string | null;
            members: components["schemas"]["OfficeMemberDto"][];
            name: string;
            phone: string | null;
            /** @description 400 px WebP; the 160 px one ends in -160.webp */
            picture: string | null;
            postal_code: string | null;
            presentation: string | null;
            street: string | null;
            /** @description Public page /etude/{teamUri} */
            teamUri: string;
        };
        MyOfficeDto: {
            office: components["schemas"]["MyOfficeDetailsDto"] | null;
            pending_request: components["schemas"]["PendingOfficeRequestDto"] | null;
        };
        NearbyCardDto: {
            /** Format: uuid */
            _id: string;
            accepts_online_booking: boolean;
            city: components["schemas"]["CityRefDto"] | null;
            /** @example Mme */
            civility: string | null;
            /**
             * @description Distance from the searched commune’s centre, km, to a tenth (at least 0.1); approximate ("≈") when locationPrecision is commune
             * @example 8.4
             */
            distanceKm: number;
            /** @example Marie */
            first_name: string;
            /** @example Martin */
            last_name: string;
            /**
             * @description The practice’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)
             * @example 48.3904
             */
            latitude: number | null;
            /**
             * @description `address`: latitude / longitude are the practice’s (the professional’s own, else their office’s) address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")
             * @example address
             * @enum {string}
             */
            locationPrecision: "address" | "commune";
            /**
             * @description The practice’s longitude (WGS 84)
             * @example -4.4861
             */
            longitude: number | null;
            modes: components["schemas"]["ModesDto"];
            /** @description Active motives, in the professional’s order */
            motives: components["schemas"]["CardMotiveDto"][];
            /** @description Up to 3 next free slots (first active motive, default calendar); empty when the professional does not take online booking or has no opening hours */
            nextSlots: components["schemas"]["NextSlotDto"][];
            /** @example /uploads/pictures/abc.webp */
            picture: string | null;
            /** @example Avocate en droit de la famille */
            presentation_title: string | null;
            specialities: components["schemas"]["SpecialityRefDto"][];
            team: components["schemas"]["TeamRefDto"] | null;
            /** @example marie-martin */
            userUri: string;
        };
        NearbyResultDto: {
            /**
             * @description How many professionals the radius asked held (at most a page)
             * @example 0
             */
            countWithinAsked: number;
            /** @description Professionals of other communes, nearest first */
            items: components["schemas"]["NearbyCardDto"][];
            /**
             * @description How far the list reaches: the radius asked, or 100 / 200 km when the search widened
             * @example 50
             * @enum {number}
             */
            radiusKm: 10 | 20 | 50 | 100 | 200;
            /**
             * @description The radius asked (50 km) when it held fewer than a page with the commune and the search went further; null otherwise
             * @example 50
             */
            widenedFromKm: number | null;
        };
        NearestCityDto: {
            /** @example lyon */
            cityUri: string;
            /**
             * @description Active professionals in the city
             * @example 42
             */
            count: number;
            /** @example 69 */
            departmentCode: string;
            /** @example Rhône */
            departmentName: string;
            /**
             * @description Distance from the located point, km (one decimal)
             * @example 3.2
             */
            distanceKm: number;
            /** @description True when the visitor could not be located and Paris was used */
            fallback: boolean;
            /** @example Lyon */
            name: string;
            /**
             * @description coordinates: from lat/lng; ip: from the IP database; fallback: Paris (private, loopback or unknown IP)
             * @enum {string}
             */
            source: "coordinates" | "ip" | "fallback";
        };
        NextSlotDto: {
            /** @example 2026-11-24T09:30:00+01:00 */
            end: string;
            /**
             * @description ISO 8601 with the professional's offset
             * @example 2026-11-24T09:00:00+01:00
             */
            start: string;
        };
        NextSlotsDto: {
            /** @description In the order of userIds; unknown ids are left out */
            items: components["schemas"]["NextSlotsItemDto"][];
        };
        NextSlotsItemDto: {
            /**
             * Format: uuid
             * @description The first active motive
             */
            motiveId: string | null;
            slots: components["schemas"]["SlotDto"][];
            /** @example Europe/Paris */
            timezone: string;
            /** Format: uuid */
            userId: string;
        };
        OAuthProvidersDto: {
            /** @description The OAuth providers this server offers (the others are hidden) */
            providers: ("google" | "outlook" | "office365")[];
        };
        OAuthStartDto: {
            /** @description The provider's consent page: send the browser there */
            authorizationUrl: string;
        };
        OfficeCityDto: {
            /** @example besancon */
            cityUri: string;
            /** @example Besançon */
            name: string;
        };
        OfficeDto: {
            /** Format: uuid */
            _id: string;
            city: components["schemas"]["CityRefDto"] | null;
            /**
             * @description Registration number: SIRET, or crpcen for notaries
             * @example 73282932000074
             */
            ext_id: string;
            /**
             * @description The office’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)
             * @example 48.3904
             */
            latitude: number | null;
            /**
             * @description `address`: latitude / longitude are the office’s address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")
             * @example address
             * @enum {string}
             */
            locationPrecision: "address" | "commune";
            /**
             * @description The office’s longitude (WGS 84)
             * @example -4.4861
             */
            longitude: number | null;
            /** @example Cabinet Martin */
            name: string;
            /** @example 69002 */
            postalCode: string | null;
            presentation: string | null;
            /** @example 12 rue de la République */
            street: string | null;
            /** @example cabinet-martin */
            teamUri: string;
        };
        OfficeJoinRequestDto: {
            email: string;
            first_name: string;
            /** @description The professional asking to join */
            id: string;
            last_name: string;
            requested_at: string;
        };
        OfficeMemberDto: {
            first_name: string;
            id: string;
            /** @description Manages the office */
            is_manager: boolean;
            last_name: string;
            /** @description Shown on the public office page (sign-up finished, active) */
            listed: boolean;
            picture: string | null;
            /** @description Public profile: /{sector path}/{city}/{userUri} */
            userUri: string;
        };
        OnboardingLinkDto: {
            /** @description The provider’s hosted onboarding page (one-off link, expires within minutes) */
            url: string;
        };
        OtherOnlineDto: {
            city: components["schemas"]["CityRefDto"];
            /**
             * @description Other active professionals of the same city who take online booking
             * @example 12
             */
            count: number;
            /** @description Up to 3 of them */
            items: components["schemas"]["ProfessionalCardDto"][];
        };
        PasskeyAnswerDto: {
            /** @description Name of the passkey (enrolment only) */
            label?: string;
            /** @description The authenticator answer (JSON form, as @simplewebauthn/browser gives it) */
            response: Record<string, never>;
            ticket: string;
        };
        PasskeyOptionsDto: {
            /** @description WebAuthn options for navigator.credentials (JSON form) */
            options: Record<string, never>;
            /** @description Signed challenge to send back with the answer (5 min, single use) */
            ticket: string;
        };
        PasskeyOptionsRequestDto: {
            /** @description Second step of a password sign-in; absent: sign-in with a passkey alone */
            pendingToken?: string;
        };
        PasswordChangedDto: {
            message: string;
            /** @description The new access token of this session */
            token: string;
        };
        PaymentAccountDto: {
            /** @description The account can take the clients’ payments: paid motives are allowed */
            chargesEnabled: boolean;
            /**
             * @description Platform commission, percent of the price TTC (console setting)
             * @example 0
             */
            commissionPercent: number;
            detailsSubmitted: boolean;
            /** @description A connected account was opened at the provider (onboarding started) */
            opened: boolean;
            /** @description The provider pays the takings out to the professional’s bank account */
            payoutsEnabled: boolean;
        };
        PaymentItemDto: {
            /** @example 8000 */
            amountCents: number;
            /** Format: uuid */
            appointmentId: string;
            /** Format: date-time */
            capturedAt: string | null;
            /**
             * @description The client, as they named themself
             * @example Jean Dupont
             */
            client: string | null;
            /** Format: date-time */
            createdAt: string;
            legalAid: boolean;
            refAppointment: string;
            /** Format: date-time */
            refundedAt: string | null;
            /** @example 0 */
            refundedCents: number;
            /** Format: date-time */
            start: string;
            /** @example captured */
            status: string;
            title: string | null;
        };
        PaymentsPageDto: {
            data: components["schemas"]["PaymentItemDto"][];
            /**
             * @description Captured this month, net of refunds, cents
             * @example 16000
             */
            monthNetCents: number;
        };
        PayoutDto: {
            /** @example 16000 */
            amountCents: number;
            /**
             * Format: date-time
             * @description Expected (or actual) arrival at the bank
             */
            arrivalDate: string;
            id: string;
            /**
             * @description paid, pending, in_transit, canceled, failed
             * @example paid
             */
            status: string;
        };
        PayoutsDto: {
            data: components["schemas"]["PayoutDto"][];
        };
        PendingOfficeRequestDto: {
            ext_id: string;
            name: string;
            requested_at: string;
            teamUri: string;
        };
        PhoneRevealDto: {
            /** @example +33478000000 */
            telephone: string;
        };
        PracticeAddressDto: {
            city: components["schemas"]["CityRefDto"] | null;
            postalCode: string | null;
            street: string | null;
        };
        PreviewMailTemplateDto: {
            html?: string;
            subject?: string;
            text?: string;
        };
        PrivacyMessageDto: {
            message: string;
        };
        ProfessionalCardDto: {
            /** Format: uuid */
            _id: string;
            accepts_online_booking: boolean;
            city: components["schemas"]["CityRefDto"] | null;
            /** @example Mme */
            civility: string | null;
            /** @example Marie */
            first_name: string;
            /** @example Martin */
            last_name: string;
            /**
             * @description The practice’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)
             * @example 48.3904
             */
            latitude: number | null;
            /**
             * @description `address`: latitude / longitude are the practice’s (the professional’s own, else their office’s) address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")
             * @example address
             * @enum {string}
             */
            locationPrecision: "address" | "commune";
            /**
             * @description The practice’s longitude (WGS 84)
             * @example -4.4861
             */
            longitude: number | null;
            modes: components["schemas"]["ModesDto"];
            /** @description Active motives, in the professional’s order */
            motives: components["schemas"]["CardMotiveDto"][];
            /** @description Up to 3 next free slots (first active motive, default calendar); empty when the professional does not take online booking or has no opening hours */
            nextSlots: components["schemas"]["NextSlotDto"][];
            /** @example /uploads/pictures/abc.webp */
            picture: string | null;
            /** @example Avocate en droit de la famille */
            presentation_title: string | null;
            specialities: components["schemas"]["SpecialityRefDto"][];
            team: components["schemas"]["TeamRefDto"] | null;
            /** @example marie-martin */
            userUri: string;
        };
        ProfessionalRatingDto: {
            /** @example 5 */
            bestRating: number;
            /** @example 12 */
            ratingCount: number;
            /** @example 4.7 */
            ratingValue: number;
            /** @example 1 */
            worstRating: number;
        };
        ProfessionalRefDto: {
            /** Format: uuid */
            _id: string;
            civility: string | null;
            first_name: string;
            last_name: string;
            /** @description Office name */
            office: string | null;
            /** @description Shown for phone appointments */
            telephone: string | null;
            userUri: string;
        };
        ProfileCompletenessDto: {
            /** @description Shown in search and on its city page now */
            listed: boolean;
            /**
             * @description French labels of what a complete profile still lacks
             * @example [
             *       "Photo",
             *       "Honoraires"
             *     ]
             */
            missing: string[];
            /**
             * @description French labels of what is missing to be listed (empty once listed)
             * @example [
             *       "Ville d’exercice"
             *     ]
             */
            missing_for_listing: string[];
            /** @description Share of the profile filled in, 0 to 100 */
            percent: number;
        };
        ProfileDto: {
            /** Format: uuid */
            _id: string;
            accepts_online_booking: boolean;
            /** @description Takes cases under legal aid (aide juridictionnelle) */
            acceptsLegalAid: boolean;
            /** @description Where in-person appointments take place: the professional’s own address, else their office’s */
            address: components["schemas"]["PracticeAddressDto"] | null;
            /**
             * @description A lawyer’s bar, when given
             * @example Barreau de Lyon
             */
            bar: string | null;
            city: components["schemas"]["CityRefDto"] | null;
            /** @example Mme */
            civility: string | null;
            /** @description Fees in the professional’s words */
            feesInfo: string | null;
            /** @example Marie */
            first_name: string;
            /** @description Whether a phone number can be revealed */
            hasPhone: boolean;
            /** @description false: the professional asked search engines not to index the profile */
            indexable: boolean;
            /** @example Martin */
            last_name: string;
            /**
             * @description The practice’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)
             * @example 48.3904
             */
            latitude: number | null;
            /**
             * @description `address`: latitude / longitude are the practice’s (the professional’s own, else their office’s) address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")
             * @example address
             * @enum {string}
             */
            locationPrecision: "address" | "commune";
            /**
             * @description The practice’s longitude (WGS 84)
             * @example -4.4861
             */
            longitude: number | null;
            modes: components["schemas"]["ModesDto"];
            /** @description Active motives, in the professional’s order */
            motives: components["schemas"]["CardMotiveDto"][];
            /** @description Up to 3 next free slots (first active motive, default calendar); empty when the professional does not take online booking or has no opening hours */
            nextSlots: components["schemas"]["NextSlotDto"][];
            office: components["schemas"]["OfficeDto"] | null;
            /** @description Set when the professional does not take online booking */
            otherOnlineInCity: components["schemas"]["OtherOnlineDto"] | null;
            /** @example /uploads/pictures/abc.webp */
            picture: string | null;
            /** @description Presentation text */
            presentation: string | null;
            /** @example Avocate en droit de la famille */
            presentation_title: string | null;
            /** @description Aggregate of its published reviews (schema.org AggregateRating); null when there is none */
            rating: components["schemas"]["ProfessionalRatingDto"] | null;
            specialities: components["schemas"]["SpecialityRefDto"][];
            /**
             * @example [
             *       "fr",
             *       "en"
             *     ]
             */
            spoken_languages: string[];
            team: components["schemas"]["TeamRefDto"] | null;
            /** @example marie-martin */
            userUri: string;
        };
        PublicHolidayDto: {
            /** @example 2026-07-14 */
            date: string;
            /** @example 2026-07 */
            month: string;
            /** @example Fête Nationale de la France */
            name: string;
            /** @description Worked (open for booking) because its month is marked worked */
            worked: boolean;
        };
        PublicHolidaysDto: {
            /** @enum {string} */
            country: "FR" | "BE" | "CH";
            holidays: components["schemas"]["PublicHolidayDto"][];
            /**
             * @description Months of that year marked worked
             * @example [
             *       "2026-07"
             *     ]
             */
            workedMonths: string[];
            /** @example 2026 */
            year: number;
        };
        PublishedReviewDto: {
            /** Format: uuid */
            _id: string;
            /** @example Claire D. */
            authorName: string | null;
            comment: string | null;
            /** @description Null when the professional is no longer listed */
            professional: components["schemas"]["ReviewProfessionalDto"] | null;
            publishedAt: string;
            rating: number;
        };
        ReadCountDto: {
            /** @description Messages marked as read */
            marked: number;
        };
        ReadyChecksDto: {
            /** @description clamd, checked only when the antivirus is on (ANTIVIRUS=clamav): uploads need it */
            clamav?: components["schemas"]["DependencyStatusDto"];
            postgres: components["schemas"]["DependencyStatusDto"];
            redis: components["schemas"]["DependencyStatusDto"];
        };
        ReadyDto: {
            checks: components["schemas"]["ReadyChecksDto"];
            /** @enum {string} */
            status: "ok" | "error";
        };
        ReasonDto: {
            reason?: string;
        };
        RecoveryCodesDto: {
            recoveryCodes: string[];
        };
        RedirectDto: {
            /** @description Stripe Checkout page to send the browser to */
            url: string;
        };
        ReferralDto: {
            /** @description The colleague’s address (invited by email) or their name once signed up */
            email: string;
            /** @description When the invitation was mailed (null: came by the link) */
            invited_at: string | null;
            /** @description Name, once they have an account */
            name: string | null;
            signed_up_at: string | null;
            /**
             * @description invited → signed_up (account made) → subscribed (paying)
             * @enum {string}
             */
            state: "invited" | "signed_up" | "subscribed";
            subscribed_at: string | null;
        };
        RefundDto: {
            /** @description Amount VAT included, cents; default: what is left on the invoice */
            amountTtc?: number;
            reason: string;
        };
        RefuseRegistrationRequestDto: {
            /** @example Votre cabinet n’est pas encore référencé. */
            reason: string;
        };
        RegistrationDto: {
            /** @description Practice commune already set */
            city: components["schemas"]["UserCityDto"] | null;
            /**
             * @description The country national numbers are read in
             * @enum {string}
             */
            country: "FR" | "BE" | "CH";
            email: string;
            first_name: string;
            last_name: string;
            /** @description The office the professional belongs to or asked to join */
            office_name: string | null;
            /** @description The number already known (E.164, from the registration request), pre-filled */
            telephone: string | null;
        };
        RegistrationRequestCreatedDto: {
            /** Format: uuid */
            id: string;
            /** @example Votre demande d’inscription a bien été envoyée. Notre équipe vous recontacte très rapidement. */
            message: string;
        };
        RejectReviewDto: {
            reason: string;
        };
        RemoteResultDto: {
            /** @description Up to 6 professionals taking online booking who consult by video or phone, wherever they practise, soonest free slot first; none of those listed above */
            items: components["schemas"]["ProfessionalCardDto"][];
            /** @description The remote ways listed: the one asked (mode filter), else video and phone */
            modes: ("visio" | "phone")[];
            /**
             * @description How many such professionals there are in the directory, counted up to 1,000: when totalCapped, there are more than that
             * @example 14
             */
            total: number;
            /**
             * @description True when there are more than total (1,000) such professionals: the count stops there
             * @example false
             */
            totalCapped: boolean;
        };
        ReorderMotivesDto: {
            /** @description Every motive id of the professional, in the new order */
            motiveIds: string[];
        };
        ReplaceWeekDto: {
            /** @description The whole week: replaces every existing range */
            ranges: components["schemas"]["WeeklyRangeDto"][];
        };
        RequestAvailabilitiesDto: {
            message?: string;
        };
        RescheduleDto: {
            /**
             * Format: date-time
             * @description A free start of the same motive (GET /users/{id}/slots)
             */
            start: string;
        };
        RescheduleProposalDto: {
            /** Format: date-time */
            end: string;
            /** Format: date-time */
            start: string;
        };
        ResetPasswordDto: {
            password: string;
            password_confirmation: string;
            /** @description The token of the link received by mail */
            token: string;
        };
        ResolvedRedirectDto: {
            /**
             * @example 301
             * @enum {number}
             */
            status: 301 | 302 | 307 | 308;
            /** @example /avocats/lyon */
            to: string;
        };
        ReviewInvitationDto: {
            /** @description The client already reviewed this meeting */
            already_reviewed: boolean;
            /** @example Me Camille Durand */
            professional_name: string;
            /** @description Start of the meeting */
            starts_at: string;
            /**
             * @description How the review is signed unless the client changes it
             * @example Julien M.
             */
            suggested_author_name: string;
            /** @example Europe/Paris */
            timezone: string;
        };
        ReviewLeftDto: {
            /** @example Merci ! Votre avis sera publié après relecture. */
            message: string;
        };
        ReviewListDto: {
            aggregate: components["schemas"]["SchemaRatingDto"];
            items: components["schemas"]["PublishedReviewDto"][];
            page: number;
            perPage: number;
            total: number;
        };
        ReviewProfessionalDto: {
            first_name: string;
            last_name: string;
            userUri: string;
        };
        SaveBankDetailsDto: {
            /** @example BNPAFRPPXXX */
            bic: string;
            /** @example Claire Martin */
            holder: string;
            /** @example FR76 3000 6000 0112 3456 7890 189 */
            iban: string;
        };
        SaveFeeNoteSettingsDto: {
            /** @example 12345678900012 */
            siret?: string | null;
            /** @example FR12345678901 */
            vat_number?: string | null;
            /**
             * @description Percent; 20 by default
             * @example 20
             */
            vat_rate?: number;
            /**
             * @description franchise: "TVA non applicable, art. 293 B du CGI"; vat: VAT charged at vat_rate
             * @enum {string}
             */
            vat_regime: "franchise" | "vat";
        };
        SaveMotiveAgreementDto: {
            /** @description The terms; empty or null removes them */
            terms: string | null;
        };
        SchemaRatingDto: {
            /** @example 5 */
            bestRating: number;
            /** @example 128 */
            ratingCount: number;
            /**
             * @description Average rating of published reviews, one decimal; 0 when there is none
             * @example 4.6
             */
            ratingValue: number;
            /** @example 128 */
            reviewCount: number;
            /** @example 1 */
            worstRating: number;
        };
        SearchCardDto: {
            /** Format: uuid */
            _id: string;
            accepts_online_booking: boolean;
            city: components["schemas"]["CityRefDto"] | null;
            /** @example Mme */
            civility: string | null;
            /**
             * @description With sort=nearest: distance from the visitor (or the commune's centre), km, to a tenth; approximate ("≈") when locationPrecision is commune
             * @example 3
             */
            distanceKm?: number;
            /** @example Marie */
            first_name: string;
            /** @example Martin */
            last_name: string;
            /**
             * @description The practice’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)
             * @example 48.3904
             */
            latitude: number | null;
            /**
             * @description `address`: latitude / longitude are the practice’s (the professional’s own, else their office’s) address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")
             * @example address
             * @enum {string}
             */
            locationPrecision: "address" | "commune";
            /**
             * @description The practice’s longitude (WGS 84)
             * @example -4.4861
             */
            longitude: number | null;
            modes: components["schemas"]["ModesDto"];
            /** @description Active motives, in the professional’s order */
            motives: components["schemas"]["CardMotiveDto"][];
            /** @description Up to 3 next free slots (first active motive, default calendar); empty when the professional does not take online booking or has no opening hours */
            nextSlots: components["schemas"]["NextSlotDto"][];
            /** @example /uploads/pictures/abc.webp */
            picture: string | null;
            /** @example Avocate en droit de la famille */
            presentation_title: string | null;
            specialities: components["schemas"]["SpecialityRefDto"][];
            team: components["schemas"]["TeamRefDto"] | null;
            /** @example marie-martin */
            userUri: string;
        };
        SearchResultDto: {
            city: components["schemas"]["CityRefDto"];
            items: components["schemas"]["SearchCardDto"][];
            /** @description On the last page of the commune (or when it has nobody): the nearest professionals of other communes */
            nearby: components["schemas"]["NearbyResultDto"] | null;
            /**
             * @description How many of the matching professionals take online booking (for the "other professionals of the city do" message)
             * @example 41
             */
            onlineCount: number;
            /** @example 1 */
            page: number;
            /** @example 20 */
            perPage: number;
            /** @description On the last page: professionals who consult by video or phone anywhere in France, with the same speciality and filters; null with mode=in_person or in a trade without remote appointments */
            remote: components["schemas"]["RemoteResultDto"] | null;
            speciality: components["schemas"]["SpecialityRefDto"] | null;
            /** @example 57 */
            total: number;
            /** @example 3 */
            totalPages: number;
        };
        SecondFactorCodeDto: {
            /** @description The 6 digits of the authenticator app, or a recovery code */
            code: string;
            pendingToken: string;
        };
        SecondFactorDto: {
            createdAt: string;
            id: string;
            label: string;
            lastUsedAt: string | null;
            /** @enum {string} */
            type: "totp" | "passkey";
        };
        SecondFactorPendingDto: {
            methods: ("totp" | "passkey" | "recovery")[];
            /** @description Short-lived (5 min) proof that the password was right; not a session */
            pendingToken: string;
            /** @enum {boolean} */
            secondFactorRequired: true;
        };
        SecondFactorPolicyDto: {
            /** @description Administrators must sign in with a second factor to use the console */
            adminSecondFactorRequired: boolean;
        };
        SecondFactorsDto: {
            factors: components["schemas"]["SecondFactorDto"][];
            /** @description Unused recovery codes left */
            recoveryCodesLeft: number;
            /** @description Whether the site requires a second factor of this account (administrators) */
            required: boolean;
            /** @description Whether the current session was opened with a second factor */
            sessionHasSecondFactor: boolean;
        };
        SetOfficeManagerDto: {
            /** @description A member of the office */
            member_id: string;
        };
        SetWorkedMonthDto: {
            /** @description true: public holidays of that month are worked (open); false: closed */
            worked: boolean;
        };
        SiteCompanyDto: {
            /** @description Adresse du siège social */
            address?: string | null;
            /** @description Ville du siège (juridiction) */
            city?: string | null;
            /** @description Contact du délégué à la protection des données */
            dpo_email?: string | null;
            host_address?: string | null;
            /** @description Hébergeur */
            host_name?: string | null;
            host_phone?: string | null;
            /** @description Forme juridique (SAS, SARL...) */
            legal_form?: string | null;
            /** @description Médiateur de la consommation */
            mediator?: string | null;
            /** @description Raison sociale */
            name?: string | null;
            /** @description Directeur de la publication */
            publication_director?: string | null;
            /** @description Fonction du directeur de la publication */
            publication_director_role?: string | null;
            /** @description Ville du greffe (RCS) */
            rcs_city?: string | null;
            /** @description Numéro RCS / SIREN */
            registration_number?: string | null;
            /** @description Capital social, en euros */
            share_capital?: string | null;
            /** @description Numéro de TVA intracommunautaire */
            vat_number?: string | null;
        };
        SiteConfigDto: {
            allowed_phone_countries: ("FR" | "BE" | "CH")[];
            company: components["schemas"]["SiteCompanyDto"];
            contact: components["schemas"]["SiteContactDto"];
            /** @enum {string} */
            default_locale: "fr" | "en";
            /** @example Europe/Paris */
            default_timezone: string;
            flags: components["schemas"]["SiteFlagsDto"];
            locales: ("fr" | "en")[];
            page_sizes: components["schemas"]["SitePageSizesDto"];
            /**
             * @description Platform commission on paid consultations, percent of the price TTC (0 by default)
             * @example 0
             */
            payment_commission_percent: number;
        };
        SiteContactDto: {
            /** @example contact@example.fr */
            email?: string | null;
            /** @example +33 1 99 00 00 00 */
            phone?: string | null;
            social: components["schemas"]["SiteSocialDto"];
        };
        SiteFlagsDto: {
            /** @description Client folders shown in the professional space */
            client_folders: boolean;
            /** @description Specialities shown on the public site */
            specialities_enabled: boolean;
            /** @description Sponsorship shown in the professional space */
            sponsorship: boolean;
            /** @description Default of the professional card option (off by default) */
            user_card_default: boolean;
        };
        SitemapEntryDto: {
            /**
             * @description Last modification (ISO 8601)
             * @example 2026-11-20T10:00:00.000Z
             */
            lastmod: string;
            /**
             * @description Path on the public site (the UI prefixes PUBLIC_URL)
             * @example /avocat/marie-martin
             */
            path: string;
        };
        SitemapProfileFilesDto: {
            /**
             * @description Files of the profiles sitemap: GET /sitemap/profiles?file=1 to files
             * @example 8
             */
            files: number;
            /**
             * @description Profiles per file (the last one may hold fewer)
             * @example 10000
             */
            perFile: number;
        };
        SitePageSizesDto: {
            professionals_desktop: number;
            professionals_mobile: number;
        };
        SiteSocialDto: {
            facebook?: string | null;
            instagram?: string | null;
            linkedin?: string | null;
            x?: string | null;
        };
        SlotAlertAnswerDto: {
            message: string;
        };
        SlotDto: {
            /** @example 2026-03-29T11:00:00+02:00 */
            end: string;
            /** @example 2026-03-29T10:00:00+02:00 */
            start: string;
        };
        SlotsDto: {
            /** Format: uuid */
            calendarId: string | null;
            /**
             * Format: uuid
             * @description The motive used (null: none active)
             */
            motiveId: string | null;
            slots: components["schemas"]["SlotDto"][];
            /** @example Europe/Paris */
            timezone: string;
            /** Format: uuid */
            userId: string;
        };
        SpecialityDto: {
            /**
             * @description Speciality id
             * @example 12
             */
            _id: number;
            /** @example Droit de la famille, des personnes et de leur patrimoine */
            name: string;
            /** @example droit-de-la-famille-des-personnes-et-de-leur-patrimoine */
            slug: string;
        };
        SpecialityRefDto: {
            /** @example Droit pénal */
            name: string;
            /** @example droit-penal */
            slug: string;
        };
        SponsorshipDto: {
            bank_details: components["schemas"]["BankDetailsViewDto"] | null;
            /** @example CMAR-7K2P */
            code: string;
            /** @example https://rdv-avocat.fr/inscription?parrain=CMAR-7K2P */
            link: string;
            referrals: components["schemas"]["ReferralDto"][];
            /** @description The reward rule, in words */
            reward_rule: string;
        };
        SubmitAvailabilitiesDto: {
            availabilities: components["schemas"]["AvailabilityRangeDto"][];
            message?: string;
        };
        SubscriptionDto: {
            cancelAtPeriodEnd: boolean;
            currentPeriodEnd: string;
            failedPayments: number;
            /** @description In the introductory phase */
            intro: boolean;
            introEndsAt: string | null;
            /** @description Next debit (end of the paid month); null once cancelled */
            nextDebitAt: string | null;
            /** @description Amount of the next debit, VAT included, cents */
            nextDebitTtc: number | null;
            pastDueSince: string | null;
            /** @example Prélèvement SEPA •••• 3000 */
            paymentMethod: string | null;
            /** @description Current monthly price excluding VAT, cents */
            priceHt: number;
            /** @description Stripe status: active, past_due, canceled, incomplete, unpaid... */
            status: string;
        };
        TeamPageDto: {
            /** Format: uuid */
            _id: string;
            city: components["schemas"]["CityRefDto"] | null;
            /**
             * @description Registration number: SIRET, or crpcen for notaries
             * @example 73282932000074
             */
            ext_id: string;
            /**
             * @description The office’s latitude (WGS 84): its geocoded address, or its commune’s centre (see locationPrecision)
             * @example 48.3904
             */
            latitude: number | null;
            /**
             * @description `address`: latitude / longitude are the office’s address as the national address base placed it; `commune`: only its commune’s centre (distances then say "≈")
             * @example address
             * @enum {string}
             */
            locationPrecision: "address" | "commune";
            /**
             * @description The office’s longitude (WGS 84)
             * @example -4.4861
             */
            longitude: number | null;
            /** @example Cabinet Martin */
            name: string;
            /** @description Office photo, 400 px WebP (160 px: ends in -160.webp) */
            picture: string | null;
            /** @example 69002 */
            postalCode: string | null;
            presentation: string | null;
            professionals: components["schemas"]["ProfessionalCardDto"][];
            /** @description Specialities of its active professionals */
            specialities: components["schemas"]["SpecialityRefDto"][];
            /** @description The speciality filter, when given */
            speciality: components["schemas"]["SpecialityRefDto"] | null;
            /** @example 12 rue de la République */
            street: string | null;
            /** @example cabinet-martin */
            teamUri: string;
        };
        TeamRefDto: {
            /** @example Cabinet Martin & Associés */
            name: string;
            /** @example cabinet-martin-associes */
            teamUri: string;
        };
        TotpEnrolmentDto: {
            id: string;
            /** @description otpauth:// URI (QR code content) */
            otpauthUrl: string;
            /** @description Base32 secret, to type into the app when the QR code cannot be scanned */
            secret: string;
        };
        UnavailabilityDto: {
            /**
             * Format: uuid
             * @description null = every calendar
             */
            calendarId: string | null;
            /** @example 2026-03-10T18:00:00.000Z */
            endsAt: string;
            /** Format: uuid */
            id: string;
            reason: string | null;
            /** @example 2026-03-10T14:00:00.000Z */
            startsAt: string;
        };
        UpdateAdminClientDto: {
            isActive: boolean;
        };
        UpdateAttendeeDto: {
            /**
             * Format: date
             * @example 1990-05-17
             */
            birthdate?: string;
            /** @enum {string} */
            civility?: "M." | "Mme" | "Me";
            /**
             * @description A client booking for their company: its name, printed on their fee notes (issued as Factur-X with company_siret); given with company_siret, blank or null clears both
             * @example ACME SAS
             */
            company_name?: string | null;
            /**
             * @description The company’s SIRET (14 digits, Luhn key; printed spaces accepted, stored bare)
             * @example 732 829 320 00074
             */
            company_siret?: string | null;
            /** @example alex.martin@example.fr */
            email?: string;
            /** @example Alex */
            first_name?: string;
            /** @example Martin */
            last_name?: string;
            /**
             * @description National or international number of phone_country_code; changing it clears the verification
             * @example 0612345678
             */
            phone?: string;
            /** @enum {string} */
            phone_country_code?: "FR" | "BE" | "CH";
        };
        UpdateAvailabilitySettingsDto: {
            /** @example 19:30 */
            amplitudeEnd?: string | null;
            /** @example 08:30 */
            amplitudeStart?: string | null;
            /** @enum {string|null} */
            holidayCountry?: "FR" | "BE" | "CH" | null;
            phoneEnabled?: boolean;
            visioEnabled?: boolean;
        };
        UpdateCalendarConnectionDto: {
            pauseBookingWhenBroken: boolean;
        };
        UpdateCalendarDto: {
            /** @example #c62828 */
            color?: string;
            /** @description Make it the default agenda (the first calendar always is) */
            isDefault?: boolean;
            /** @example Cabinet */
            name?: string;
            /** @example 1 */
            position?: number;
        };
        UpdateChatSettingsDto: {
            /** @default true */
            enabled?: boolean;
            messageTemplate?: string | null;
            /** @example https://hooks.slack.com/services/T000/B000/XXXX */
            webhookUrl: string;
        };
        UpdateExternalCalendarDto: {
            allDayBlocks?: boolean;
            isWriteTarget?: boolean;
            useForBusy?: boolean;
        };
        UpdateFolderDto: {
            /** @description true archives the folder, false re-opens it */
            archived?: boolean;
            notes?: string | null;
            reference?: string | null;
            title?: string;
        };
        UpdateImageDto: {
            alt?: string;
            title?: string;
        };
        UpdateMailTemplateDto: {
            html: string;
            subject: string;
            text: string;
        };
        UpdateMotiveDto: {
            /** @default false */
            acceptsLegalAid?: boolean;
            /**
             * @description 0 to 720 hours; default 24
             * @example 48
             */
            cancellationDeadlineHours?: number;
            /**
             * @description Minutes: a multiple of 5, from 5 to 480
             * @example 60
             */
            durationMinutes?: number;
            /** @default true */
            inPersonAllowed?: boolean;
            /** @default true */
            isActive?: boolean;
            /**
             * @default none
             * @enum {string}
             */
            lateCancellationRefund?: "none" | "half" | "all";
            /**
             * @description Booking horizon in months, 1 to 24; default 3
             * @example 3
             */
            notAfterMonths?: number;
            /**
             * @description 0-23, null = no limit
             * @example 9
             */
            notBeforeHour?: number | null;
            /**
             * @description Minimum notice in minutes (0 to 90 days); default 0
             * @example 1440
             */
            noticeMinutes?: number;
            /**
             * @default free
             * @enum {string}
             */
            paymentRule?: "free" | "at_booking";
            /** @default false */
            phoneAllowed?: boolean;
            /**
             * @description TTC, cents: 1 € to 10 000 €
             * @example 8000
             */
            priceCents?: number | null;
            /** @example Première consultation */
            title?: string;
            /** @default false */
            visioAllowed?: boolean;
        };
        UpdateOfficeDto: {
            /** @description cityUri of the commune (autocomplete) */
            city_uri?: string | null;
            email?: string | null;
            /**
             * @description Registration number in the sector’s terms (SIRET; crpcen for notaries), unique: 409 `ext_id already exists`
             * @example 73282932000074
             */
            ext_id?: string;
            /** @example Cabinet Martin */
            name?: string;
            phone?: string | null;
            postal_code?: string | null;
            presentation?: string | null;
            street?: string | null;
        };
        UpdatePostDto: {
            author?: string | null;
            /** @description HTML */
            content?: string;
            excerpt?: string | null;
            /** @description ISO date; null keeps the article as a draft */
            publishedAt?: string | null;
            seoDescription?: string | null;
            /** @description Generated from the title when absent */
            slug?: string | null;
            title?: string;
        };
        UpdateRedirectDto: {
            /** @example /ancienne-page */
            fromPath?: string;
            /**
             * @default 301
             * @enum {number}
             */
            status?: 301 | 302 | 307 | 308;
            /** @example /avocats/lyon */
            toPath?: string;
        };
        UpdateSecondFactorPolicyDto: {
            adminSecondFactorRequired: boolean;
        };
        UpdateSiteConfigDto: {
            allowed_phone_countries?: ("FR" | "BE" | "CH")[];
            company?: components["schemas"]["SiteCompanyDto"];
            contact?: components["schemas"]["SiteContactDto"];
            /** @enum {string} */
            default_locale?: "fr" | "en";
            /** @example Europe/Paris */
            default_timezone?: string;
            flags?: components["schemas"]["SiteFlagsDto"];
            locales?: ("fr" | "en")[];
            page_sizes?: components["schemas"]["SitePageSizesDto"];
            /** @example 10 */
            payment_commission_percent?: number;
        };
        UpdateSpecialityDto: {
            enabled?: boolean;
            name?: string;
            position?: number;
            /** @example droit-de-la-famille */
            slug?: string;
        };
        UpdateTeamDto: {
            /** @description cityUri of the office city */
            cityUri?: string | null;
            email?: string | null;
            /**
             * @description Registration number (SIRET; crpcen for notaries), unique
             * @example 73282932000074
             */
            ext_id?: string;
            /** @example Cabinet Martin */
            name?: string;
            phone?: string | null;
            postalCode?: string | null;
            presentation?: string | null;
            street?: string | null;
            /** @description Generated from the name when absent */
            teamUri?: string | null;
        };
        UpdateUserDto: {
            /** @description Takes cases under legal aid (aide juridictionnelle) */
            accepts_legal_aid?: boolean;
            /**
             * @description A lawyer’s bar (barreau): a key of the French bars list; null removes it
             * @example lyon
             */
            bar?: string | null;
            /**
             * @description Practice commune (`cityUri` from GET /cities/autocomplete); null removes it
             * @example lyon
             */
            city_uri?: string | null;
            /** @enum {string} */
            civility?: "M." | "Mme" | "Me";
            /**
             * @example [
             *       "secretariat@example.fr"
             *     ]
             */
            copy_emails?: string[];
            /**
             * @example FR
             * @enum {string}
             */
            country?: "FR" | "BE" | "CH";
            /** @example camille.durand@example.fr */
            email?: string;
            /** @example Première consultation : 90 € TTC. Aide juridictionnelle acceptée. */
            fees_info?: string | null;
            /** @example Camille */
            first_name?: string;
            /** @description False takes the profile out of search engines: noindex meta + X-Robots-Tag, left out of the sitemap */
            indexable?: boolean;
            /** @description Admin only */
            is_active?: boolean;
            /** @enum {string} */
            language?: "fr" | "en";
            /** @example Durand */
            last_name?: string;
            mail_copy_activated?: boolean;
            /** @example 69002 */
            postal_code?: string | null;
            presentation?: string;
            /** @example Avocate en droit de la famille */
            presentation_title?: string;
            /**
             * @description The number the public profile reveals (firm switchboard or a published line), FR, BE or CH, stored in E.164; null or empty: no number shown. Never the account’s own mobile unless typed here.
             * @example +33142000000
             */
            public_phone?: string | null;
            /**
             * @description Speciality ids in the professional’s order (the first is the main one); replaces the list
             * @example [
             *       12,
             *       3
             *     ]
             */
            speciality_ids?: number[];
            /**
             * @description ISO 639-1 codes
             * @example [
             *       "fr",
             *       "en"
             *     ]
             */
            spoken_languages?: string[];
            /** @example 12 rue de la République */
            street?: string | null;
            /**
             * Format: date-time
             * @description Admin only: start of the paid subscription (a sponsor’s referral counts from then), or null
             */
            subscribed_at?: string | null;
            /**
             * Format: uuid
             * @description Admin only: the office (team) id, or null
             */
            team_id?: string | null;
            /**
             * @description FR, BE or CH number; stored in E.164. Changing it clears the verification.
             * @example +33612345678
             */
            telephone?: string;
            /** @example Europe/Paris */
            timezone?: string;
            /**
             * @description Admin only
             * @example camille.durand
             */
            username?: string;
        };
        UpdateVisioSettingsDto: {
            /** @example https://visio.cabinet-martin.fr/salle */
            ownLinkUrl?: string | null;
            /**
             * @description null = automatic
             * @enum {string|null}
             */
            provider?: "google_meet" | "teams" | "jitsi" | "own_link" | null;
        };
        UserCityDto: {
            /** @example lyon */
            cityUri: string;
            /** @example Lyon */
            name: string;
            /**
             * @example [
             *       "69001"
             *     ]
             */
            postalCodes: string[];
        };
        UserDto: {
            /** Format: uuid */
            _id: string;
            /** @description Takes cases under legal aid (aide juridictionnelle) */
            accepts_legal_aid: boolean;
            /** @description A lawyer’s bar (key of the French bars list) */
            bar: string | null;
            /** Format: date-time */
            cguAcceptedAt: string | null;
            /** @description Practice commune */
            city: components["schemas"]["UserCityDto"] | null;
            /** @enum {string|null} */
            civility: "M." | "Mme" | "Me" | null;
            copy_emails: string[];
            /**
             * @example FR
             * @enum {string}
             */
            country: "FR" | "BE" | "CH";
            /** @example +33 */
            country_code: string;
            /** Format: date-time */
            createdAt: string;
            email: string;
            fees_info: string | null;
            first_name: string;
            /** @description Whether search engines may index the public profile */
            indexable: boolean;
            isActive: boolean;
            /**
             * @example fr
             * @enum {string}
             */
            language: "fr" | "en";
            last_name: string;
            mail_copy_activated: boolean;
            /** Format: date-time */
            phoneVerifiedAt: string | null;
            picture: string | null;
            postal_code: string | null;
            presentation: string | null;
            presentation_title: string | null;
            /** Format: date-time */
            privacyAcceptedAt: string | null;
            profile_completeness: components["schemas"]["ProfileCompletenessDto"];
            /** @description The number the public profile reveals (E.164) */
            public_phone: string | null;
            /** @description False until the professional has set a password */
            registrationComplete: boolean;
            /** @description In the professional’s order */
            specialities: components["schemas"]["UserSpecialityDto"][];
            spoken_languages: string[];
            street: string | null;
            /**
             * Format: date-time
             * @description Paid subscription since
             */
            subscribedAt: string | null;
            /** Format: uuid */
            teamId: string | null;
            /** @description E.164 */
            telephone: string | null;
            /** @example Europe/Paris */
            timezone: string;
            username: string;
            userUri: string;
        };
        UserLoginDto: {
            password: string;
            /**
             * @description Username or email
             * @example camille.durand
             */
            username: string;
        };
        UserPhoneVerifiedDto: {
            message: string;
            user: components["schemas"]["UserDto"];
        };
        UserSendCodeDto: {
            /**
             * @description FR, BE or CH number (a national number is read as French)
             * @example +33612345678
             */
            phoneNumber: string;
        };
        UserSpecialityDto: {
            _id: number;
            name: string;
            slug: string;
        };
        UserTokenDto: {
            /** @description JWT, audience "user" */
            token: string;
            user: components["schemas"]["UserDto"];
        };
        ValidateEventDto: {
            /** @description Validate even though a connected calendar has an event at that time (answered 409 CALENDAR_CONFLICT otherwise) */
            confirmConflict?: boolean;
        };
        VerifyCodeDto: {
            /** @example 123456 */
            token: string;
        };
        VisioAvailabilityDto: {
            google_meet: boolean;
            jitsi: boolean;
            own_link: boolean;
            teams: boolean;
        };
        VisioSettingsDto: {
            /** @description Whether clients can book a video appointment */
            acceptsVisio: boolean;
            /** @description Which providers can be chosen now */
            available: components["schemas"]["VisioAvailabilityDto"];
            /**
             * @description The provider video appointments get now (null: video bookings refused)
             * @enum {string|null}
             */
            effectiveProvider: "google_meet" | "teams" | "jitsi" | "own_link" | null;
            /** @description The site's Jitsi server, when it has one */
            jitsiBaseUrl: string | null;
            /** @example https://visio.cabinet-martin.fr/salle */
            ownLinkUrl: string | null;
            /**
             * @description The choice; null = automatic
             * @enum {string|null}
             */
            provider: "google_meet" | "teams" | "jitsi" | "own_link" | null;
        };
        WeekDto: {
            /** Format: uuid */
            calendarId: string;
            ranges: components["schemas"]["WeeklyRangeDto"][];
        };
        WeeklyRangeDto: {
            /**
             * @description Local time HH:mm (24:00 = end of the day)
             * @example 12:30
             */
            endTime: string;
            /** @description Limit the range to these motives; null = all */
            motiveIds?: string[] | null;
            /**
             * @description Local time HH:mm
             * @example 09:00
             */
            startTime: string;
            /**
             * @description ISO weekday: 1 = Monday ... 7 = Sunday
             * @example 1
             */
            weekday: number;
        };
        WorkedMonthDto: {
            /** @example 2026-07 */
            month: string;
            worked: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AdminAppointmentsController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAppointmentDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminAppointmentsController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAppointmentDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description APPOINTMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminAppointmentsController_cancel: {
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
                "application/json": components["schemas"]["AdminCancelAppointmentDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAppointmentDto"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description APPOINTMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVALID_APPOINTMENT_STATE */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAuditEntryDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuditController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAuditEntryDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description AUDIT_ENTRY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_company: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanyDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_saveCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompanyDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_invoices: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminInvoiceDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_invoice: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminInvoiceDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description INVOICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_pdf: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_refund: {
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
                "application/json": components["schemas"]["RefundDto"];
            };
        };
        responses: {
            /** @description The credit note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminInvoiceDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MetricPointDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_subscriptions: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSubscriptionDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_subscription: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSubscriptionDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SUBSCRIPTION_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_cancel: {
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
                "application/json": components["schemas"]["CancelSubscriptionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSubscriptionDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminBillingController_extendTrial: {
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
                "application/json": components["schemas"]["ExtendTrialDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSubscriptionDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminCitiesController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCityDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminCitiesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminCityDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CITY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientsController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminClientDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientsController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminClientDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_EXIST */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientsController_update: {
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
                "application/json": components["schemas"]["UpdateAdminClientDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminClientDto"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientsController_erase: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_EXIST (also once erased) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientsController_exportData: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminClientExportDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_EXIST */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DashboardController_figures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDashboardDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminFeeNotesController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFeeNoteDto"][];
                };
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminFeeNotesController_pdf: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FEE_NOTE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminImagesController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminImageDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminImagesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Text read by screen readers */
                    alt: string;
                    /**
                     * Format: binary
                     * @description The image in the multipart part `file`: PNG, JPEG or WebP, 5 MB at most. The format is read from the bytes, never from the declared type or the file name. Send it after `title` and `alt`.
                     */
                    file: string;
                    /** @example Palais de justice de Lyon */
                    title: string;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminImageDto"];
                };
            };
            /** @description IMAGE_INVALID_DATA, IMAGE_UNSUPPORTED_TYPE, IMAGE_CORRUPT, IMAGE_TOO_LARGE (too many pixels), IMAGE_TOO_SMALL, UPLOAD_FILE_MISSING, UPLOAD_MALFORMED, VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_TOO_LARGE: file over 5 MB, nothing stored */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UPLOAD_NOT_MULTIPART */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminImagesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminImageDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminImagesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateImageDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminImageDto"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminImagesController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminImageDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminImagesController_replaceFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        /** @description The image in the multipart part `file`: PNG, JPEG or WebP, 5 MB at most. The format is read from the bytes, never from the declared type or the file name. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminImageDto"];
                };
            };
            /** @description IMAGE_INVALID_DATA, IMAGE_UNSUPPORTED_TYPE, IMAGE_CORRUPT, IMAGE_TOO_LARGE (too many pixels), IMAGE_TOO_SMALL, UPLOAD_FILE_MISSING, UPLOAD_MALFORMED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_TOO_LARGE: file over 5 MB, nothing stored */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UPLOAD_NOT_MULTIPART */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QueuesController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminJobDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QueuesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description <queue>:<job id> */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminJobDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description JOB_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    QueuesController_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description <queue>:<job id> */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminJobDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description JOB_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description JOB_NOT_FAILED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminMailTemplatesController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailTemplateDto"][];
                };
            };
        };
    };
    AdminMailTemplatesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailTemplateDto"];
                };
            };
        };
    };
    AdminMailTemplatesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMailTemplateDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailTemplateDto"];
                };
            };
        };
    };
    AdminMailTemplatesController_reset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailTemplateDto"];
                };
            };
        };
    };
    AdminMailTemplatesController_preview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PreviewMailTemplateDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MailPreviewDto"];
                };
            };
        };
    };
    AdminPaymentAccountsController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPaymentAccountDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminPaymentsController_refund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appointmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminRefundDto"];
            };
        };
        responses: {
            /** @description The payment as "Mes paiements" shows it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description PAYMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NOT_REFUNDABLE */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_listPosts: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPostDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_createPost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePostDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPostDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SLUG_ALREADY_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_getPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPostDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_updatePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePostDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPostDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_deletePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminPostDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_listRedirects: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRedirectDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_createRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRedirectDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRedirectDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REDIRECT_ALREADY_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_getRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRedirectDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_updateRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateRedirectDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRedirectDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_deleteRedirect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRedirectDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegistrationRequestsController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRegistrationRequestDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegistrationRequestsController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRegistrationRequestDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REGISTRATION_REQUEST_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegistrationRequestsController_accept: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRegistrationRequestDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REGISTRATION_REQUEST_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REGISTRATION_REQUEST_ALREADY_HANDLED, EMAIL_ALREADY_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    RegistrationRequestsController_refuse: {
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
                "application/json": components["schemas"]["RefuseRegistrationRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRegistrationRequestDto"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REGISTRATION_REQUEST_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REGISTRATION_REQUEST_ALREADY_HANDLED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminReviewsController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminReviewDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminReviewsController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminReviewDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REVIEW_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminReviewsController_publish: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminReviewDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REVIEW_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminReviewsController_reject: {
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
                "application/json": components["schemas"]["RejectReviewDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminReviewDto"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REVIEW_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SecondFactorsController_policy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorPolicyDto"];
                };
            };
        };
    };
    SecondFactorsController_setPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSecondFactorPolicyDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorPolicyDto"];
                };
            };
        };
    };
    AdminSiteConfigController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSiteConfigDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminSiteConfigController_update: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSiteConfigDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSiteConfigDto"];
                };
            };
            /** @description VALIDATION_FAILED (French message) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminSpecialitiesController_list: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSpecialityDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminSpecialitiesController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSpecialityDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SPECIALITY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminSpecialitiesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateSpecialityDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSpecialityDto"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SPECIALITY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description SLUG_ALREADY_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_listTeams: {
        parameters: {
            query?: {
                filter?: string;
                range?: string;
                sort?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTeamDto"][];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTeamDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTeamDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description EXT_ID_ALREADY_EXISTS (`ext_id already exists`) or TEAM_URI_ALREADY_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_getTeam: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTeamDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_updateTeam: {
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
                "application/json": components["schemas"]["UpdateTeamDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTeamDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description EXT_ID_ALREADY_EXISTS (`ext_id already exists`) or TEAM_URI_ALREADY_EXISTS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminContentController_deleteTeam: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTeamDto"];
                };
            };
            /** @description No valid token */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an administrator token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AdminUsersController_list: {
        parameters: {
            query?: {
                /** @description q (name, email, username), id (list), email, isActive, teamId */
                filter?: unknown;
                range?: unknown;
                sort?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"][];
                };
            };
        };
    };
    AdminUsersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
        };
    };
    AdminUsersController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
        };
    };
    AdminUsersController_update: {
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
                "application/json": components["schemas"]["UpdateUserDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
        };
    };
    AdminUsersController_resendInvitation: {
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
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    PublicBookingController_byRef: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refAppointment: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentDto"];
                };
            };
        };
    };
    PublicBookingController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refAppointment: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentMessageDto"];
                };
            };
        };
    };
    FolderDocumentLinksController_uploadByRef: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refAppointment: string;
            };
            cookie?: never;
        };
        /** @description The file in the multipart part `file`, streamed: 25 MiB at most. PDF, JPEG, PNG, WebP, HEIC, DOCX, XLSX, PPTX, ODT, ODS, ODP, detected from the bytes. The part’s file name only gives the label (no path); the server names the file. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDocumentDto"];
                };
            };
            /** @description DOCUMENT_INVALID_DATA (empty file), DOCUMENT_UNSUPPORTED_TYPE (type detected from the bytes), FOLDER_DOCUMENTS_LIMIT (30 documents, 100 MB), DOCUMENT_INFECTED (antivirus; nothing stored), UPLOAD_FILE_MISSING, UPLOAD_MALFORMED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description APPOINTMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description DOCUMENT_TOO_LARGE: over 25 MiB; nothing stored */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UPLOAD_NOT_MULTIPART: the body is not multipart/form-data */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ANTIVIRUS_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicBookingController_ics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refAppointment: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description iCalendar document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
        };
    };
    PublicBookingController_reschedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                refAppointment: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RescheduleDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentMessageDto"];
                };
            };
            /** @description SLOT_UNAVAILABLE, SLOT_TAKEN, INVALID_TRANSITION */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ContentController_articles: {
        parameters: {
            query?: {
                page?: number;
                perPage?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArticleListDto"];
                };
            };
        };
    };
    ContentController_article: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Numeric id or slug */
                idOrSlug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArticleDto"];
                };
            };
            /** @description ARTICLE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AttendeesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAttendeeDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendeeTokenDto"];
                };
            };
        };
    };
    ClientFeeAgreementsController_pdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appointmentId: string;
                attendee_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description FEE_AGREEMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AttendeeBookingController_createEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description 8 to 128 characters [A-Za-z0-9._:-], e.g. a UUID per attempt: the same key and request replay the first answer (status and body, errors included) */
                "Idempotency-Key"?: string;
            };
            path: {
                attendee_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateEventDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentDto"];
                };
            };
            /** @description { statusCode: 409, code: SLOT_TAKEN | SLOT_UNAVAILABLE | ONLINE_BOOKING_DISABLED, message } */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IDEMPOTENCY_KEY_REUSED: the key served another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFeeAgreementsController_preview: {
        parameters: {
            query?: {
                /** @description The client declares full legal aid: no agreement to sign */
                legal_aid?: boolean;
                /** @description The slot chosen (the agreement names its date) */
                start?: string;
            };
            header?: never;
            path: {
                attendee_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AgreementPreviewDto"];
                };
            };
            /** @description MOTIVE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AttendeesController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendeeDto"];
                };
            };
        };
    };
    AttendeesController_update: {
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
                "application/json": components["schemas"]["UpdateAttendeeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendeeDto"];
                };
            };
        };
    };
    PrivacyController_deleteAccount: {
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
                "application/json": components["schemas"]["DeleteAccountDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivacyMessageDto"];
                };
            };
            /** @description CURRENT_PASSWORD_INVALID, VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AttendeeBookingController_events: {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentPageDto"];
                };
            };
        };
    };
    PrivacyController_export: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendeeDataExportDto"];
                };
            };
        };
    };
    ClientFoldersController_listForAttendee: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDto"][];
                };
            };
        };
    };
    PhoneVerificationController_sendAttendeeCode: {
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
                "application/json": components["schemas"]["AttendeeSendCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeSentDto"];
                };
            };
        };
    };
    PhoneVerificationController_verifyAttendeeCode: {
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
                "application/json": components["schemas"]["VerifyCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendeePhoneVerifiedDto"];
                };
            };
        };
    };
    AuthController_forgotPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "admin" | "user" | "attendee";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ForgotPasswordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    AuthController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "admin" | "user" | "attendee";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    SecondFactorsController_passkey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "user" | "admin";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyAnswerDto"];
            };
        };
        responses: {
            /** @description { token, user } or { token, admin } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokenDto"];
                };
            };
        };
    };
    SecondFactorsController_passkeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "user" | "admin";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyOptionsRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyOptionsDto"];
                };
            };
        };
    };
    AuthController_resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "admin" | "user" | "attendee";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetPasswordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    SecondFactorsController_code: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "user" | "admin";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorCodeDto"];
            };
        };
        responses: {
            /** @description { token, user } or { token, admin } */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokenDto"];
                };
            };
        };
    };
    AuthController_adminCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminDto"];
                };
            };
        };
    };
    AuthController_adminLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailLoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTokenDto"] | components["schemas"]["SecondFactorPendingDto"];
                };
            };
        };
    };
    AuthController_changeAttendeeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeEmailDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    AuthController_changeAttendeePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    AuthController_attendeeCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendeeDto"];
                };
            };
        };
    };
    AuthController_confirmAttendeeEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmEmailDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailChangedDto"];
                };
            };
        };
    };
    AuthController_attendeeLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailLoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AttendeeTokenDto"];
                };
            };
        };
    };
    SecondFactorsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SecondFactorsDto"];
                };
            };
        };
    };
    SecondFactorsController_remove: {
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
                "application/json": components["schemas"]["CurrentPasswordDto"];
            };
        };
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SecondFactorsController_registerPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyAnswerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactorEnrolledDto"];
                };
            };
        };
    };
    SecondFactorsController_passkeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyOptionsDto"];
                };
            };
        };
    };
    SecondFactorsController_recoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CurrentPasswordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesDto"];
                };
            };
        };
    };
    SecondFactorsController_startTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpEnrolmentDto"];
                };
            };
        };
    };
    SecondFactorsController_confirmTotp: {
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
                "application/json": components["schemas"]["ConfirmTotpDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactorEnrolledDto"];
                };
            };
        };
    };
    AuthController_adoptSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    AuthController_changeUserEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeEmailDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    AuthController_changeUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePasswordDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasswordChangedDto"];
                };
            };
        };
    };
    AuthController_userCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
        };
    };
    AuthController_confirmUserEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmEmailDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailChangedDto"];
                };
            };
        };
    };
    PublicCalendarFeedController_ics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The appointments as iCalendar (pending ones TENTATIVE) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CalendarOAuthCallbackController_callback: {
        parameters: {
            query?: {
                code?: string;
                error?: string;
                error_description?: string;
                scope?: string;
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Back to /user/setting with a French message (calendrier=connecte|erreur) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GoogleNotificationsController_notify: {
        parameters: {
            query?: never;
            header: {
                "x-goog-channel-id": string;
                "x-goog-channel-token": string;
                "x-goog-resource-state"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Checked; a sync job is queued when the calendar changed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GraphNotificationsController_notify: {
        parameters: {
            query?: {
                /** @description Subscription validation handshake */
                validationToken?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GraphNotificationsDto"];
            };
        };
        responses: {
            /** @description The validationToken, echoed as text/plain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Checked; a sync job is queued for each genuine calendar */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No notification carried a genuine clientState */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_getWeek: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                calendarId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WeekDto"];
                };
            };
        };
    };
    AvailabilityController_replaceWeek: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                calendarId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplaceWeekDto"];
            };
        };
        responses: {
            /** @description Replaces the whole week of the calendar */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WeekDto"];
                };
            };
        };
    };
    CitiesController_cities: {
        parameters: {
            query?: {
                /** @description Only cities with active professionals (the only listing offered) */
                withProfessionals?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepartmentCitiesDto"][];
                };
            };
        };
    };
    CitiesController_city: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                cityUri: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CityDetailDto"];
                };
            };
            /** @description CITY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CitiesController_autocomplete: {
        parameters: {
            query: {
                limit?: number;
                /** @description Start of a city name (accents and hyphens ignored) or of a postal code */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CitySuggestionDto"][];
                };
            };
            /** @description q shorter than 2 or longer than 60 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CitiesController_closest: {
        parameters: {
            query: {
                limit?: number;
                /** @description Start of a city name (accents and hyphens ignored) or of a postal code */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CitySuggestionDto"][];
                };
            };
            /** @description q shorter than 2 or longer than 60 characters */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DepartmentsController_department: {
        parameters: {
            query?: {
                page?: number;
                /** @description 20 on desktop, 10 on mobile (chosen by the UI) */
                perPage?: number;
                /** @description Speciality slug */
                speciality?: string;
                /** @description false: cards without their next free slots (faster) */
                withSlots?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description Department code (01-95, 2A, 2B, 971-976) */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DepartmentPageDto"];
                };
            };
            /** @description DEPARTMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProfessionalBookingController_eventAction: {
        parameters: {
            query: {
                action: "validate" | "refuse";
                /** @description The signed token of the link in the professional’s mail */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentMessageDto"];
                };
            };
        };
    };
    PublicBookingController_eventResponses: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id_event: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventResponsesViewDto"];
                };
            };
        };
    };
    PublicBookingController_submit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id_event: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubmitAvailabilitiesDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    ProfessionalBookingController_cancel: {
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
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentMessageDto"];
                };
            };
        };
    };
    ClientFoldersController_clientOfAppointment: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientHistoryDto"];
                };
            };
        };
    };
    ClientFoldersController_openFromAppointment: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDetailDto"];
                };
            };
        };
    };
    ProfessionalBookingController_move: {
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
                "application/json": components["schemas"]["MoveEventDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentMessageDto"];
                };
            };
        };
    };
    ProfessionalBookingController_refuse: {
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
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentMessageDto"];
                };
            };
        };
    };
    ProfessionalBookingController_requestAvailabilities: {
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
                "application/json": components["schemas"]["RequestAvailabilitiesDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    ProfessionalBookingController_responses: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventResponseItemDto"][];
                };
            };
        };
    };
    ProfessionalBookingController_validate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ValidateEventDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentMessageDto"];
                };
            };
            /** @description CALENDAR_CONFLICT: a connected calendar holds that time; send confirmConflict: true to validate anyway */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FolderDocumentLinksController_download: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description DOWNLOAD_LINK_INVALID: bad signature, expired, no longer a party, or the session ended */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description DOWNLOAD_LINK_USED: the link has already served */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFoldersController_detail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDetailDto"];
                };
            };
            /** @description FOLDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFoldersController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateFolderDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDetailDto"];
                };
            };
            /** @description FOLDER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFoldersController_upload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        /** @description The file in the multipart part `file`, streamed: 25 MiB at most. PDF, JPEG, PNG, WebP, HEIC, DOCX, XLSX, PPTX, ODT, ODS, ODP, detected from the bytes. The part’s file name only gives the label (no path); the server names the file. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDocumentDto"];
                };
            };
            /** @description DOCUMENT_INVALID_DATA (empty file), DOCUMENT_UNSUPPORTED_TYPE (type detected from the bytes), FOLDER_DOCUMENTS_LIMIT (30 documents, 100 MB), DOCUMENT_INFECTED (antivirus; nothing stored), UPLOAD_FILE_MISSING, UPLOAD_MALFORMED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description DOCUMENT_TOO_LARGE: over 25 MiB; nothing stored */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UPLOAD_NOT_MULTIPART: the body is not multipart/form-data */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ANTIVIRUS_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFoldersController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                documentId: string;
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FOLDER_NOT_FOUND, DOCUMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFoldersController_link: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                documentId: string;
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLinkDto"];
                };
            };
            /** @description FOLDER_NOT_FOUND, DOCUMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFoldersController_message: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateMessageDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderMessageDto"];
                };
            };
        };
    };
    ClientFoldersController_read: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                folderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadCountDto"];
                };
            };
        };
    };
    GeoController_nearestCity: {
        parameters: {
            query?: {
                /** @description Latitude (with lng); without both, the client IP is used */
                lat?: number;
                lng?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NearestCityDto"];
                };
            };
            /** @description Only one of lat / lng, or out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NO_CITY_WITH_PROFESSIONALS */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LiveDto"];
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PostgreSQL and Redis answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyDto"];
                };
            };
            /** @description PostgreSQL or Redis is down (see checks) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadyDto"];
                };
            };
        };
    };
    AuthController_userLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserLoginDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokenDto"] | components["schemas"]["SecondFactorPendingDto"];
                };
            };
        };
    };
    AuthController_logoutAttendee: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageDto"];
                };
            };
        };
    };
    MediaFilesController_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description image/webp, Cache-Control: public, max-age=31536000, immutable */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description MEDIA_NOT_FOUND (unknown or malformed name) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CheckoutReturnController_returnFromCheckout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                session: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutReturnDto"];
                };
            };
            /** @description CHECKOUT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DirectoryController_profile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userUri: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProfileDto"];
                };
            };
            /** @description PROFESSIONAL_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DirectoryController_revealPhone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userUri: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PhoneRevealDto"];
                };
            };
            /** @description PROFESSIONAL_NOT_FOUND or PHONE_NOT_AVAILABLE */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ContentController_resolveRedirect: {
        parameters: {
            query: {
                path: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResolvedRedirectDto"];
                };
            };
            /** @description REDIRECT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ContentController_createRegistrationRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateRegistrationRequestDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationRequestCreatedDto"];
                };
            };
            /** @description VALIDATION_FAILED (French message; `email must be an email` verbatim) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ContentController_reviews: {
        parameters: {
            query?: {
                page?: number;
                perPage?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewListDto"];
                };
            };
        };
    };
    ReviewsController_invitation: {
        parameters: {
            query: {
                /** @description Token of the link mailed after the meeting */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewInvitationDto"];
                };
            };
            /** @description REVIEW_LINK_INVALID (unknown, expired, or the meeting did not take place) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ReviewsController_leave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeaveReviewDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewLeftDto"];
                };
            };
            /** @description VALIDATION_FAILED (French messages) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REVIEW_LINK_INVALID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description REVIEW_ALREADY_LEFT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ReviewsController_schemaRating: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Aggregate of published reviews (schema.org AggregateRating) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SchemaRatingDto"];
                };
            };
        };
    };
    DirectoryController_search: {
        parameters: {
            query: {
                /** @description Only who has a free slot on or before this day */
                availableBefore?: string;
                /** @description cityUri of the city */
                cityUri: string;
                /** @description ISO 639-1 code of a spoken language */
                language?: string;
                /** @description The visitor's latitude, for sort=nearest (with lng) */
                lat?: number;
                /** @description Only who takes legal aid (aide juridictionnelle) */
                legalAid?: "true" | "false";
                /** @description The visitor's longitude, for sort=nearest (with lat) */
                lng?: number;
                /** @description Only who offers this kind of appointment */
                mode?: "in_person" | "visio" | "phone";
                page?: number;
                /** @description 20 on desktop, 10 on mobile (chosen by the UI) */
                perPage?: number;
                /** @description How far "nearby" reaches, km */
                radius?: 10 | 20 | 50;
                /** @description nearest: the commune's professionals and those within `radius` in one list, nearest first from lat/lng (the visitor's position) or else the commune's centre, each with its distanceKm; nearby is then null */
                sort?: "relevance" | "soonest" | "nearest";
                /** @description Speciality slug */
                speciality?: string;
                /** @description false: cards without their next free slots (faster) */
                withSlots?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResultDto"];
                };
            };
            /** @description VALIDATION_FAILED (French message) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description CITY_NOT_FOUND or SPECIALITY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SiteConfigController_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SiteConfigDto"];
                };
            };
        };
    };
    SeoController_articles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitemapEntryDto"][];
                };
            };
        };
    };
    SeoController_cities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitemapEntryDto"][];
                };
            };
        };
    };
    SeoController_offices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitemapEntryDto"][];
                };
            };
        };
    };
    SeoController_profileFiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitemapProfileFilesDto"];
                };
            };
        };
    };
    SeoController_profiles: {
        parameters: {
            query?: {
                /** @description Which file of the profiles sitemap */
                file?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SitemapEntryDto"][];
                };
            };
            /** @description A file past the last one */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SlotAlertsController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelSlotAlertDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlotAlertAnswerDto"];
                };
            };
            /** @description SLOT_ALERT_LINK_INVALID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SlotAlertsController_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelSlotAlertDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlotAlertAnswerDto"];
                };
            };
            /** @description SLOT_ALERT_LINK_INVALID */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SlotsController_next: {
        parameters: {
            query: {
                /** @description 1 to 10, default 3 */
                limit?: number;
                /** @description Comma-separated professional ids, 1 to 20 */
                userIds: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Next free slots of up to 20 professionals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NextSlotsDto"];
                };
            };
        };
    };
    ReferenceController_specialities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Specialities in display order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpecialityDto"][];
                };
            };
        };
    };
    DirectoryController_team: {
        parameters: {
            query?: {
                /** @description Only the professionals of this speciality */
                speciality?: string;
            };
            header?: never;
            path: {
                teamUri: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamPageDto"];
                };
            };
            /** @description TEAM_NOT_FOUND or SPECIALITY_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ReferenceController_timezones: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description IANA time zone names */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
        };
    };
    UnsubscribeController_confirmPage: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description French page asking to confirm (a forged link: 400 page) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UnsubscribeController_oneClick: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unsubscribed (RFC 8058 one-click or the page’s button); a forged link: 400 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    UsersController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
        };
    };
    UsersController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
        };
    };
    UsersController_update: {
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
                "application/json": components["schemas"]["UpdateUserDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
        };
    };
    ProfessionalFeeAgreementsController_pdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appointmentId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description FEE_AGREEMENT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_settings: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilitySettingsDto"];
                };
            };
        };
    };
    AvailabilityController_updateSettings: {
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
                "application/json": components["schemas"]["UpdateAvailabilitySettingsDto"];
            };
        };
        responses: {
            /** @description Fields left out keep their value */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilitySettingsDto"];
                };
            };
        };
    };
    BillingController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingDto"];
                };
            };
        };
    };
    BillingController_cancel: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingDto"];
                };
            };
            /** @description SUBSCRIPTION_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_checkout: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedirectDto"];
                };
            };
            /** @description ALREADY_SUBSCRIBED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_pdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                invoiceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description INVOICE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_paymentMethod: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedirectDto"];
                };
            };
            /** @description SUBSCRIPTION_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    BillingController_saveProfile: {
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
                "application/json": components["schemas"]["BillingProfileDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingDto"];
                };
            };
        };
    };
    BillingController_resume: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingDto"];
                };
            };
            /** @description SUBSCRIPTION_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SlotsController_bookingMotives: {
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
            /** @description Active motives a visitor can book, with their modes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingMotiveDto"][];
                };
            };
        };
    };
    BusyEventsController_list: {
        parameters: {
            query: {
                /** @description Events ending after this instant */
                from: string;
                /** @description Events starting before this instant (at most 62 days after from) */
                to: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BusyEventDto"][];
                };
            };
        };
    };
    CalendarSyncController_list: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnectionDto"][];
                };
            };
        };
    };
    CalendarSyncController_disconnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Disconnected: credentials and cached events deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CalendarSyncController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectionId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCalendarConnectionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnectionDto"];
                };
            };
        };
    };
    CalendarSyncController_updateCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                calendarId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateExternalCalendarDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExternalCalendarDto"];
                };
            };
        };
    };
    CalendarSyncController_connectCalDav: {
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
                "application/json": components["schemas"]["ConnectCalDavDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnectionDto"];
                };
            };
        };
    };
    CalendarSyncController_connectExchange: {
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
                "application/json": components["schemas"]["ConnectExchangeDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarConnectionDto"];
                };
            };
        };
    };
    CalendarOAuthController_providers: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthProvidersDto"];
                };
            };
        };
    };
    CalendarOAuthController_start: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                provider: "google" | "outlook" | "office365";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthStartDto"];
                };
            };
        };
    };
    CalendarFeedController_url: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeedUrlDto"];
                };
            };
        };
    };
    CalendarFeedController_regenerate: {
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
            /** @description A new URL; the previous ones stop working */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeedUrlDto"];
                };
            };
        };
    };
    AvailabilityController_listCalendars: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarDto"][];
                };
            };
        };
    };
    AvailabilityController_createCalendar: {
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
                "application/json": components["schemas"]["CreateCalendarDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarDto"];
                };
            };
        };
    };
    AvailabilityController_deleteCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                calendarId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_updateCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                calendarId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCalendarDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarDto"];
                };
            };
        };
    };
    CallsController_calls: {
        parameters: {
            query?: {
                period?: "day" | "week" | "month";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallStatsDto"];
                };
            };
        };
    };
    ChatSettingsController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatSettingsDto"];
                };
            };
        };
    };
    ChatSettingsController_update: {
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
                "application/json": components["schemas"]["UpdateChatSettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatSettingsDto"];
                };
            };
        };
    };
    ProfessionalBookingController_list: {
        parameters: {
            query?: {
                /** @description Only appointments ending after this instant (agenda views) */
                from?: string;
                /** @description past | pending (awaiting validation) | upcoming (confirmed); all when absent */
                group?: "past" | "pending" | "upcoming";
                limit?: number;
                page?: number;
                /** @description Only appointments starting before this instant */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentPageDto"];
                };
            };
        };
    };
    ProfessionalBookingController_create: {
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
                "application/json": components["schemas"]["CreateEventByHandDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppointmentDto"];
                };
            };
        };
    };
    UsersController_eventsFuturCount: {
        parameters: {
            query?: {
                /** @description ids[]=a&ids[]=b, ids=a&ids=b or ids=a,b */
                ids?: string[];
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsFuturCountDto"];
                };
            };
        };
    };
    FeeNotesController_settings: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeNoteSettingsDto"];
                };
            };
        };
    };
    FeeNotesController_saveSettings: {
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
                "application/json": components["schemas"]["SaveFeeNoteSettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeNoteSettingsDto"];
                };
            };
            /** @description VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FeeNotesController_list: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeeNotesPageDto"];
                };
            };
        };
    };
    FeeNotesController_pdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                feeNoteId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description FEE_NOTE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ClientFoldersController_listForUser: {
        parameters: {
            query?: {
                /** @description Search in the title, the reference and the client’s name or email */
                q?: string;
                status?: "open" | "archived" | "all";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDto"][];
                };
            };
        };
    };
    ClientFoldersController_create: {
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
                "application/json": components["schemas"]["CreateFolderDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderDetailDto"];
                };
            };
            /** @description CLIENT_NOT_FOUND, VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_listHolidays: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HolidayDto"][];
                };
            };
        };
    };
    AvailabilityController_createHoliday: {
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
                "application/json": components["schemas"]["CreateHolidayDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HolidayDto"];
                };
            };
        };
    };
    AvailabilityController_deleteHoliday: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                holidayId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_listMotives: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MotiveDto"][];
                };
            };
        };
    };
    AvailabilityController_createMotive: {
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
                "application/json": components["schemas"]["CreateMotiveDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MotiveDto"];
                };
            };
        };
    };
    AvailabilityController_deleteMotive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                motiveId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_updateMotive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                motiveId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMotiveDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MotiveDto"];
                };
            };
        };
    };
    ProfessionalFeeAgreementsController_terms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                motiveId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MotiveAgreementDto"];
                };
            };
            /** @description MOTIVE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProfessionalFeeAgreementsController_saveTerms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                motiveId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SaveMotiveAgreementDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MotiveAgreementDto"];
                };
            };
            /** @description FEE_AGREEMENT_NOT_AVAILABLE | FEE_AGREEMENT_FREE_MOTIVE | VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_reorderMotives: {
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
                "application/json": components["schemas"]["ReorderMotivesDto"];
            };
        };
        responses: {
            /** @description Every motive, in the new order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MotiveDto"][];
                };
            };
        };
    };
    OfficesController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_update: {
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
                "application/json": components["schemas"]["UpdateOfficeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description NO_OFFICE */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description EXT_ID_ALREADY_EXISTS (`ext_id already exists`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description 8 to 128 characters [A-Za-z0-9._:-], e.g. a UUID per attempt: the same key and request replay the first answer (status and body, errors included) */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOfficeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description EXT_ID_ALREADY_EXISTS (`ext_id already exists`), ALREADY_IN_OFFICE */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IDEMPOTENCY_KEY_REUSED: the key served another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_requestToJoin: {
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
                "application/json": components["schemas"]["JoinOfficeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description OFFICE_NOT_FOUND (no office with this number), VALIDATION_FAILED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ALREADY_IN_OFFICE */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_cancelJoinRequest: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_refuse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                requesterId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description JOIN_REQUEST_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_accept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                requesterId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description JOIN_REQUEST_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_handOver: {
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
                "application/json": components["schemas"]["SetOfficeManagerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description OFFICE_MEMBER_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                memberId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description OFFICE_MEMBER_NOT_FOUND, NO_OFFICE */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_setPicture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description The image in the multipart part `file`: PNG, JPEG or WebP, 5 MB at most. The format is read from the bytes, never from the declared type or the file name. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description IMAGE_* errors of the professional’s photo */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_TOO_LARGE: file over 5 MB, nothing stored */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UPLOAD_NOT_MULTIPART */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OfficesController_removePicture: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MyOfficeDto"];
                };
            };
            /** @description FORBIDDEN (another account) or NOT_OFFICE_MANAGER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProfessionalPaymentsController_list: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentsPageDto"];
                };
            };
        };
    };
    ConnectController_account: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentAccountDto"];
                };
            };
        };
    };
    ConnectController_onboarding: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OnboardingLinkDto"];
                };
            };
            /** @description PAYMENTS_NOT_CONFIGURED: the site has no payment provider */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description PAYMENTS_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectController_refresh: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentAccountDto"];
                };
            };
        };
    };
    ConnectController_figures: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonthFiguresDto"];
                };
            };
            /** @description VALIDATION_FAILED (month not YYYY-MM) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConnectController_payouts: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutsDto"];
                };
            };
            /** @description VALIDATION_FAILED (month not YYYY-MM) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProfilePhotoController_setPicture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description The image in the multipart part `file`: PNG, JPEG or WebP, 5 MB at most. The format is read from the bytes, never from the declared type or the file name. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
            /** @description IMAGE_INVALID_DATA, IMAGE_UNSUPPORTED_TYPE, IMAGE_CORRUPT, IMAGE_TOO_LARGE (too many pixels), IMAGE_TOO_SMALL, UPLOAD_FILE_MISSING, UPLOAD_MALFORMED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description FORBIDDEN: neither the professional nor an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_EXIST */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_TOO_LARGE: file over 5 MB, nothing stored */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description UPLOAD_NOT_MULTIPART */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProfilePhotoController_removePicture: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
            /** @description FORBIDDEN: neither the professional nor an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description ACCOUNT_NOT_EXIST */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_publicHolidays: {
        parameters: {
            query?: {
                /** @description Default: the current year */
                year?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicHolidaysDto"];
                };
            };
        };
    };
    AvailabilityController_setWorkedMonth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                month: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetWorkedMonthDto"];
            };
        };
        responses: {
            /** @description month = AAAA-MM */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkedMonthDto"];
                };
            };
        };
    };
    PhoneVerificationController_sendUserCode: {
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
                "application/json": components["schemas"]["UserSendCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeSentDto"];
                };
            };
        };
    };
    SlotAlertsController_create: {
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
                "application/json": components["schemas"]["CreateSlotAlertDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlotAlertAnswerDto"];
                };
            };
            /** @description VALIDATION_FAILED, SLOT_ALERT_IN_PAST */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description MOTIVE_NOT_FOUND (unknown, inactive, or the professional does not book online) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description TOO_MANY_SLOT_ALERTS (5 per address), TOO_MANY_REQUESTS (10 an hour per client address) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SlotsController_slots: {
        parameters: {
            query?: {
                /** @description Default: the default calendar */
                calendarId?: string;
                /** @description Local date (AAAA-MM-JJ, in the professional zone) or ISO instant; default now */
                from?: string;
                mode?: "in_person" | "visio" | "phone";
                /** @description Default: the first active motive */
                motiveId?: string;
                /** @description Local date (included) or ISO instant (excluded); default from + 7 days; at most 90 days after from */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Free start times, ISO with the professional offset */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlotsDto"];
                };
            };
        };
    };
    SponsorshipController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SponsorshipDto"];
                };
            };
            /** @description SPONSORSHIP_DISABLED */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SponsorshipController_saveBankDetails: {
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
                "application/json": components["schemas"]["SaveBankDetailsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SponsorshipDto"];
                };
            };
            /** @description BANK_DETAILS_INVALID (French message per field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SponsorshipController_removeBankDetails: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SponsorshipDto"];
                };
            };
        };
    };
    SponsorshipController_invite: {
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
                "application/json": components["schemas"]["InviteColleagueDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SponsorshipDto"];
                };
            };
            /** @description ALREADY_INVITED, ALREADY_A_PROFESSIONAL */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AvailabilityController_listUnavailabilities: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnavailabilityDto"][];
                };
            };
        };
    };
    AvailabilityController_createUnavailability: {
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
                "application/json": components["schemas"]["CreateUnavailabilityDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnavailabilityDto"];
                };
            };
        };
    };
    AvailabilityController_deleteUnavailability: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                unavailabilityId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PhoneVerificationController_verifyUserCode: {
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
                "application/json": components["schemas"]["VerifyCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserPhoneVerifiedDto"];
                };
            };
        };
    };
    VisioSettingsController_get: {
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
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisioSettingsDto"];
                };
            };
        };
    };
    VisioSettingsController_update: {
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
                "application/json": components["schemas"]["UpdateVisioSettingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VisioSettingsDto"];
                };
            };
        };
    };
    UsersController_completeRegistration: {
        parameters: {
            query: {
                /** @description The token of the mailed sign-up link */
                token: unknown;
            };
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompleteRegistrationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserTokenDto"];
                };
            };
        };
    };
    UsersController_registration: {
        parameters: {
            query: {
                /** @description The token of the mailed sign-up link */
                token: unknown;
            };
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistrationDto"];
                };
            };
        };
    };
}
