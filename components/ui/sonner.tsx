"use client"

import * as React from "react"
import { useTheme } from "next-themes"
import { Toaster as Sonner, type ToasterProps } from "sonner"

function Toaster(props: ToasterProps) {
  const { theme } = useTheme()
  const toasterTheme: ToasterProps["theme"] =
    theme === "light" || theme === "dark" ? theme : "system"

  return (
    <Sonner
      theme={toasterTheme}
      className="toaster group"
      duration={4000}
      visibleToasts={3}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
      {...props}
    />
  )
}

export { Toaster }
