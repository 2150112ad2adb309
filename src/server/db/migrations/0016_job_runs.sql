CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"slot" timestamp (3) with time zone NOT NULL,
	"claimed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_pk" PRIMARY KEY("name","slot")
);
