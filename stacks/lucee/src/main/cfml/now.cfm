<cfsetting enablecfoutputonly="true">
<!--- Seed 002's page. With -Dwsbench.faults=swallowed-exception it also has the seed's hidden bug:
      a cookie read that throws on every request that has no such cookie, and an empty catch.
      enablecfoutputonly first, so the body starts with the heading. --->
<cfif application.faults contains "swallowed-exception">
  <cftry>
    <cfset lastVisit = parseDateTime(cookie.lastVisit)>
    <cfcatch></cfcatch>
  </cftry>
</cfif>
<cfoutput><h1>CFML</h1> #now()#</cfoutput>
