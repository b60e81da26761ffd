# architect as a Nomad periodic batch job: one tick every 6 hours, one job per project.
#
#   nomad var put nomad/jobs/architect-myproj \
#       FORGE_ARCHITECT_TOKEN=… ANTHROPIC_API_KEY=…
#   nomad job run -var project=myproj -var project_toml="$(cat myproj.toml)" \
#       deploy/nomad/architect.nomad.hcl
#
# The secrets live in Nomad Variables at nomad/jobs/architect-<project>, which
# the job may read without any policy (Vault: see the comment in the template).
# Each run has a fresh state directory: the sessions are a cache and everything
# else lives on the forge. `nomad job stop architect-<project>` is the off switch.

variable "project" {
  type        = string
  description = "The project's name, as in its TOML (name = …): one job per project."
}

variable "project_toml" {
  type        = string
  description = "The project file's contents."
}

variable "image" {
  type        = string
  default     = "architect:latest"
  description = "The image built from the Dockerfile at the repository root."
}

variable "datacenters" {
  type    = list(string)
  default = ["*"]
}

job "architect" {
  # A block label cannot hold a variable; the id can, so each project is its own job.
  id          = "architect-${var.project}"
  type        = "batch"
  datacenters = var.datacenters

  periodic {
    # Every 6 hours, the seed's schedule (`crons` needs Nomad 1.6+; older: cron = "…").
    crons            = ["0 */6 * * *"]
    time_zone        = "UTC"
    prohibit_overlap = true
  }

  group "tick" {
    # A failed tick is retried by the next period, not in a loop: ticks converge.
    restart {
      attempts = 0
      mode     = "fail"
    }

    reschedule {
      attempts  = 0
      unlimited = false
    }

    task "architect" {
      driver = "docker"

      config {
        image = var.image
        # The image's entrypoint is `architect`; the flag is enabled in each fresh
        # state directory, then one tick runs.
        entrypoint = ["/bin/sh", "-c"]
        args = [
          "architect enable -p \"$NOMAD_TASK_DIR/architect.toml\" && exec architect run -p \"$NOMAD_TASK_DIR/architect.toml\"",
        ]
      }

      env {
        ARCHITECT_STATE_DIR = "${NOMAD_ALLOC_DIR}/architect-state"
      }

      template {
        destination = "local/architect.toml"
        data        = var.project_toml
      }

      template {
        destination = "secrets/architect.env"
        env         = true
        # With Vault instead: {{ with secret "kv/data/architect/<project>" }}…{{ .Data.data.KEY }}
        data = <<-EOT
        {{- with nomadVar "nomad/jobs/architect-${var.project}" }}
        FORGE_ARCHITECT_TOKEN={{ .FORGE_ARCHITECT_TOKEN }}
        {{- if .ANTHROPIC_API_KEY }}
        ANTHROPIC_API_KEY={{ .ANTHROPIC_API_KEY }}
        {{- end }}
        {{- if .OPENAI_API_KEY }}
        OPENAI_API_KEY={{ .OPENAI_API_KEY }}
        {{- end }}
        {{- end }}
        EOT
      }

      resources {
        cpu    = 500
        memory = 1024
      }

      # A tick stops between two actions on SIGTERM; give it time to finish one.
      kill_signal  = "SIGTERM"
      kill_timeout = "5m"
    }
  }
}
